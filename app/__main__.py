"""``python -m app`` opens the explorer (``--help`` lists the options)."""

from .command_line import main

# subtle: the training child process (multiprocessing "spawn") imports the main module
# again under the name "__mp_main__"; it must not open a second window.
if __name__ == "__main__":
    raise SystemExit(main())
