"""The progress bar spirjit.bench draws on stderr while a suite runs: one line, redrawn
in place, with the step count, a bar and what runs now. Drawn when stderr is a terminal
or when asked for; otherwise silent. This module only draws."""

import sys

__all__ = ["Progress"]


class Progress:
    """``progress``: None (draw when stderr is a terminal), True, False, or a callable
    that gets each step's description instead of a bar. ``total``: the number of steps."""

    def __init__(self, progress, total, stream=None):
        self.stream = stream or sys.stderr
        self.total, self.done = max(int(total), 1), 0
        self.callback = progress if callable(progress) and not isinstance(progress, bool) else None
        if self.callback is not None:
            self.enabled = False
        elif progress is None:
            isatty = getattr(self.stream, "isatty", None)
            self.enabled = bool(isatty and isatty())
        else:
            self.enabled = bool(progress)
        self.width = 0

    def step(self, what):
        """Start step ``what`` (the previous one is done)."""
        if self.callback is not None:
            self.callback(what)
            return
        if not self.enabled:
            return
        n = min(self.done, self.total)
        filled = int(24 * n / self.total)
        line = f"[{'#' * filled}{'.' * (24 - filled)}] {n}/{self.total} {what}"
        if len(line) > 100:
            line = line[:97] + "..."
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)
        self.done += 1

    def close(self):
        """Clear the bar's line."""
        if self.enabled and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
