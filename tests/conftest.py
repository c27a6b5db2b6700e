import os

# Qt must never look for a display in tests; set before any Qt import (shared/QT_SETUP.md).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
