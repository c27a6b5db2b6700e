"""The words of pyqtgraph's plot menus, for our catalogue.

pyqtgraph builds its plot context menus (View All, the axis options, Plot Options, Export…)
with ``QCoreApplication.translate`` in its own contexts ("ViewBox", "PlotItem", "Form",
"GraphicsScene") but ships no translations. Listing the strings here puts them in
``subword_explorer_ko.ts`` (pyside6-lupdate reads these markers), so the menus of every plot
follow the interface language. pyqtgraph's export dialog itself stays English.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

PYQTGRAPH_STRINGS = (
    QT_TRANSLATE_NOOP("Form", "Link Axis:"),
    QT_TRANSLATE_NOOP(
        "Form",
        "<html><head/><body><p>Links this axis with another view. When linked, both views"
        " will display the same data range.</p></body></html>"),
    QT_TRANSLATE_NOOP(
        "Form",
        "<html><head/><body><p>Percent of data to be visible when auto-scaling. It may be"
        " useful to decrease this value for data with spiky noise.</p></body></html>"),
    QT_TRANSLATE_NOOP(
        "Form",
        "<html><head/><body><p>Automatically resize this axis whenever the displayed data"
        " is changed.</p></body></html>"),
    QT_TRANSLATE_NOOP("Form", "Auto"),
    QT_TRANSLATE_NOOP(
        "Form",
        "<html><head/><body><p>Set the range for this axis manually. This disables "
        "automatic scaling. </p></body></html>"),
    QT_TRANSLATE_NOOP("Form", "Manual"),
    QT_TRANSLATE_NOOP(
        "Form",
        "<html><head/><body><p>Minimum value to display for this axis.</p></body></html>"),
    QT_TRANSLATE_NOOP(
        "Form",
        "<html><head/><body><p>Maximum value to display for this axis.</p></body></html>"),
    QT_TRANSLATE_NOOP(
        "Form",
        "<html><head/><body><p>Inverts the display of this axis. (+y points downward "
        "instead of upward)</p></body></html>"),
    QT_TRANSLATE_NOOP("Form", "Invert Axis"),
    QT_TRANSLATE_NOOP(
        "Form",
        "<html><head/><body><p>Enables mouse interaction (panning, scaling) for this "
        "axis.</p></body></html>"),
    QT_TRANSLATE_NOOP("Form", "Mouse Enabled"),
    QT_TRANSLATE_NOOP(
        "Form",
        "<html><head/><body><p>When checked, the axis will only auto-scale to data that "
        "is visible along the orthogonal axis.</p></body></html>"),
    QT_TRANSLATE_NOOP("Form", "Visible Data Only"),
    QT_TRANSLATE_NOOP(
        "Form",
        "<html><head/><body><p>When checked, the axis will automatically pan to center on"
        " the current data, but the scale along this axis will not "
        "change.</p></body></html>"),
    QT_TRANSLATE_NOOP("Form", "Auto Pan Only"),
    QT_TRANSLATE_NOOP("ViewBox", "ViewBox options"),
    QT_TRANSLATE_NOOP("ViewBox", "View All"),
    QT_TRANSLATE_NOOP("ViewBox", "axis"),
    QT_TRANSLATE_NOOP("ViewBox", "Mouse Mode"),
    QT_TRANSLATE_NOOP("ViewBox", "3 button"),
    QT_TRANSLATE_NOOP("ViewBox", "1 button"),
    QT_TRANSLATE_NOOP("GraphicsScene", "Export..."),
    QT_TRANSLATE_NOOP(
        "Form",
        "Display averages of the curves displayed in this plot. The parameter list allows"
        " you to choose parameters to average over (if any are available)."),
    QT_TRANSLATE_NOOP("Form", "Average"),
    QT_TRANSLATE_NOOP(
        "Form",
        "Plot only the portion of each curve that is visible. This assumes X values are "
        "uniformly spaced."),
    QT_TRANSLATE_NOOP("Form", "Clip to View"),
    QT_TRANSLATE_NOOP(
        "Form",
        "If multiple curves are displayed in this plot, check this box to limit the "
        "number of traces that are displayed."),
    QT_TRANSLATE_NOOP("Form", "Max Traces:"),
    QT_TRANSLATE_NOOP("Form", "Downsample"),
    QT_TRANSLATE_NOOP(
        "Form",
        "Downsample by drawing a saw wave that follows the min and max of the original "
        "data. This method produces the best visual representation of the data but is "
        "slower."),
    QT_TRANSLATE_NOOP("Form", "Peak"),
    QT_TRANSLATE_NOOP(
        "Form",
        "If MaxTraces is checked, remove curves from memory after they are hidden (saves "
        "memory, but traces can not be un-hidden)."),
    QT_TRANSLATE_NOOP("Form", "Forget hidden traces"),
    QT_TRANSLATE_NOOP("Form", "Downsample by taking the mean of N samples."),
    QT_TRANSLATE_NOOP("Form", "Mean"),
    QT_TRANSLATE_NOOP(
        "Form",
        "Downsample by taking the first of N samples. This method is fastest and least "
        "accurate."),
    QT_TRANSLATE_NOOP("Form", "Subsample"),
    QT_TRANSLATE_NOOP(
        "Form",
        "Automatically downsample data based on the visible range. This assumes X values "
        "are uniformly spaced."),
    QT_TRANSLATE_NOOP("Form", "Downsample data before plotting. (plot every Nth sample)"),
    QT_TRANSLATE_NOOP("Form", "Log X"),
    QT_TRANSLATE_NOOP("Form", "Y vs. Y'"),
    QT_TRANSLATE_NOOP("Form", "Power Spectrum (FFT)"),
    QT_TRANSLATE_NOOP("Form", "Log Y"),
    QT_TRANSLATE_NOOP("Form", "Subtract Mean"),
    QT_TRANSLATE_NOOP("Form", "Points"),
    QT_TRANSLATE_NOOP("Form", "Show X Grid"),
    QT_TRANSLATE_NOOP("Form", "Show Y Grid"),
    QT_TRANSLATE_NOOP("Form", "Opacity"),
    QT_TRANSLATE_NOOP("Form", "Alpha"),
    QT_TRANSLATE_NOOP("PlotItem", "Transforms"),
    QT_TRANSLATE_NOOP("PlotItem", "Downsample"),
    QT_TRANSLATE_NOOP("PlotItem", "Average"),
    QT_TRANSLATE_NOOP("PlotItem", "Alpha"),
    QT_TRANSLATE_NOOP("PlotItem", "Grid"),
    QT_TRANSLATE_NOOP("PlotItem", "Points"),
    QT_TRANSLATE_NOOP("PlotItem", "Plot Options"),
)

__all__ = ["PYQTGRAPH_STRINGS"]
