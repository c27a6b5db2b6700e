"""``python -m app`` opens the explorer."""

from .main import main

raise SystemExit(main())
