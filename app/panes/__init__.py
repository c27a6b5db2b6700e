"""The explorer's panes: one QWidget each, built from ``(session, selection, parent)``.

Panes never import each other; they share only the :class:`~app.session.Session`
and the :class:`~app.selection.SelectionModel` (STYLE.md sections 0 and 7).
"""
