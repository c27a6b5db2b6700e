"""``python -m subword_core`` runs the ``subword`` command line (see :mod:`subword_core.cli`)."""

import sys

from .cli import main

sys.exit(main())
