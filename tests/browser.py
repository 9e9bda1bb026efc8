"""A headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-
pipe``: commands on its fd 3, answers on its fd 4, each a JSON text ended by a NUL), for
the replay page's browser test. No network: Chromium is started with everything that
reaches out switched off, and the page is a file.

``find_chromium()`` is the browser or None; ``Browser`` opens a page, records every
request it makes, takes screenshots, presses keys and evaluates expressions. ``png_colours``
reads a screenshot's pixels (a small PNG reader: 8-bit RGB or RGBA, every filter).
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import signal
import struct
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--no-first-run", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--mute-audio",
         "--remote-debugging-pipe")
"""How the test starts Chromium: headless, nothing that reaches out, the pipe."""

TIMEOUT = 60.0


def find_chromium() -> str | None:
    """The Chromium (or Chrome) to drive, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class BrowserError(RuntimeError):
    """The browser did not answer, or answered with an error."""


class Browser:
    """One headless Chromium, one page."""

    def __init__(self, executable: str, width: int = 1000, height: int = 900) -> None:
        self.profile = tempfile.mkdtemp(prefix="medici-chromium-")
        to_r, self._to = _high_pipe()
        self._from, from_w = _high_pipe()
        actions = [(os.POSIX_SPAWN_DUP2, to_r, 3), (os.POSIX_SPAWN_DUP2, from_w, 4),
                   (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                   (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
        args = [executable, *FLAGS, f"--user-data-dir={self.profile}",
                f"--window-size={width},{height}", "about:blank"]
        self.pid = os.posix_spawn(executable, args, dict(os.environ), file_actions=actions)
        os.close(to_r)
        os.close(from_w)
        self._buffer = b""
        self._id = 0
        self.events: list[dict[str, Any]] = []
        self.session = ""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Network", "Runtime"):
            self.call(f"{domain}.enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    # -- the protocol ---------------------------------------------------------------------------
    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send one command and wait for its answer (events that come first are kept)."""
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self._to, json.dumps(message).encode() + b"\0")
        while True:
            got = self._read()
            if got.get("id") == self._id:
                if "error" in got:
                    raise BrowserError(f"{method}: {got['error']}")
                result: dict[str, Any] = got.get("result", {})
                return result
            if "method" in got:
                self.events.append(got)

    def _read(self) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._from], [], [], max(0.0, left))
            if not ready:
                raise BrowserError(f"no answer from the browser in {TIMEOUT:g} s")
            chunk = os.read(self._from, 1 << 16)
            if not chunk:
                raise BrowserError("the browser closed its pipe")
            self._buffer += chunk
        text, _, self._buffer = self._buffer.partition(b"\0")
        value: dict[str, Any] = json.loads(text)
        return value

    def wait_event(self, method: str) -> dict[str, Any]:
        """The first event ``method`` not waited for yet (reading on until it comes)."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            for i, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(i)
            if time.monotonic() > deadline:
                raise BrowserError(f"no {method} in {TIMEOUT:g} s")
            got = self._read()
            if "method" in got:
                self.events.append(got)

    # -- what the test does ---------------------------------------------------------------------
    def open(self, path: Path) -> None:
        """Load a file and wait until it has loaded."""
        self.requests: list[str] = []
        self.call("Page.navigate", {"url": path.resolve().as_uri()})
        self.wait_event("Page.loadEventFired")
        self.requests = [e["params"]["request"]["url"] for e in self.events
                         if e["method"] == "Network.requestWillBeSent"]

    def all_requests(self) -> list[str]:
        """Every request the page made so far (the page itself included)."""
        self.call("Runtime.evaluate", {"expression": "1"})  # read the events sent so far
        return self.requests + [e["params"]["request"]["url"] for e in self.events
                                if e["method"] == "Network.requestWillBeSent"]

    def screenshot(self) -> bytes:
        """A PNG of the page's viewport."""
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        return base64.b64decode(data)

    def key(self, key: str, code: int) -> None:
        """Press and release a key (``ArrowRight``, its virtual key code 39)."""
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key,
                                                 "windowsVirtualKeyCode": code,
                                                 "nativeVirtualKeyCode": code})

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        got = self.call("Runtime.evaluate", {"expression": expression,
                                             "returnByValue": True})
        if "exceptionDetails" in got:
            raise BrowserError(f"{expression}: {got['exceptionDetails']}")
        return got["result"].get("value")

    def close(self) -> None:
        """End the browser (the process this object started) and remove its profile."""
        try:
            os.write(self._to, json.dumps({"id": self._id + 1, "method": "Browser.close"})
                     .encode() + b"\0")
        except OSError:
            pass
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.1)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        for fd in (self._to, self._from):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


def _high_pipe() -> tuple[int, int]:
    """A pipe whose ends are numbered 10 or more, so that putting them at 3 and 4 in the
    child never overwrites one with the other."""
    r, w = os.pipe()
    high = (fcntl.fcntl(r, fcntl.F_DUPFD_CLOEXEC, 10), fcntl.fcntl(w, fcntl.F_DUPFD_CLOEXEC, 10))
    os.close(r)
    os.close(w)
    return high


def png_colours(data: bytes, step: int = 7) -> set[tuple[int, ...]]:
    """The colours of every ``step``-th pixel of every ``step``-th row of a PNG (8-bit RGB or
    RGBA, as Chromium writes them)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    seen: set[tuple[int, ...]] = set()
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + pred) & 255
        if y % step == 0:
            for x in range(0, width, step):
                seen.add(tuple(line[x * channels:x * channels + 3]))
        previous = line
    return seen
