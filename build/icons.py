"""Platform icon files from assets/icon.png, without Pillow.

Windows .ico and macOS .icns files may both hold PNG images as they are: an .ico directory entry
pointing at PNG bytes (Windows Vista and later), an .icns ``ic08`` (256x256 PNG) chunk (macOS 10.5
and later). The build writes them into its work folder; PyInstaller embeds them in the executable.
"""

from __future__ import annotations

import struct
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of PNG ``data`` (from its IHDR chunk); ValueError if it is not a PNG."""
    if not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def ico_from_png(data: bytes) -> bytes:
    """A one-image .ico holding the PNG as it is (at most 256x256)."""
    width, height = png_size(data)
    if width > 256 or height > 256:
        raise ValueError(f"an .ico image is at most 256x256, not {width}x{height}")
    header = struct.pack("<HHH", 0, 1, 1)  # reserved, type 1 = icon, one image
    # width, height (0 means 256), colours, reserved, planes, bits per pixel, size, offset
    entry = struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(data), 6 + 16)
    return header + entry + data


def icns_from_png(data: bytes) -> bytes:
    """A one-image .icns holding the PNG as it is (256x256: the ``ic08`` type)."""
    types = {(16, 16): b"icp4", (32, 32): b"icp5", (64, 64): b"icp6", (128, 128): b"ic07", (256, 256): b"ic08",
             (512, 512): b"ic09", (1024, 1024): b"ic10"}
    size = png_size(data)
    if size not in types:
        raise ValueError(f"an .icns PNG image is 16, 32, 64, 128, 256, 512 or 1024 pixels square, not {size}")
    chunk = types[size] + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(chunk)) + chunk


def write_icons(png: Path, folder: Path) -> dict[str, Path]:
    """Write ``icon.ico`` and ``icon.icns`` made from ``png`` into ``folder``; returns their paths."""
    data = png.read_bytes()
    folder.mkdir(parents=True, exist_ok=True)
    out = {"ico": folder / "icon.ico", "icns": folder / "icon.icns"}
    out["ico"].write_bytes(ico_from_png(data))
    out["icns"].write_bytes(icns_from_png(data))
    return out
