"""pyqtgraph helpers reused by panes; items are updated in place (``setData``), never rebuilt."""

from .training_plot import TrainingCurvePlot

__all__ = ["TrainingCurvePlot"]
