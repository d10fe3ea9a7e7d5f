#!/usr/bin/env python3
"""make_icc: writes a small ICC v4.3 "Display P3" display profile (stdlib only).

Matrix/TRC RGB profile with Apple's Display P3 values: P3 primaries with the D65 white,
chromatically adapted to the D50 PCS (Bradford, 'chad' tag), sRGB transfer function as a
parametric curve (type 3). Tags: desc, cprt (mluc), wtpt, rXYZ, gXYZ, bXYZ, rTRC=gTRC=bTRC
(shared), chad. Fixed date, MD5 profile ID as ICC.1:2010 7.2.18 requires.

usage: make_icc.py OUT.icc
"""
import hashlib
import struct
import sys


def s15(v):
    return struct.pack(">i", int(round(v * 65536)))


def xyz(x, y, z):
    return b"XYZ " + b"\0" * 4 + s15(x) + s15(y) + s15(z)


def mluc(text):
    s = text.encode("utf-16-be")
    return b"mluc" + b"\0" * 4 + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(s), 28) + s


def para_srgb():
    # Y = (aX+b)^g for X >= d, Y = cX for X < d
    g, a, b, c, d = 2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045
    return b"para" + b"\0" * 4 + struct.pack(">HH", 3, 0) + b"".join(s15(v) for v in (g, a, b, c, d))


def sf32(*values):
    return b"sf32" + b"\0" * 4 + b"".join(s15(v) for v in values)


def build():
    trc = para_srgb()
    tags = [
        (b"desc", mluc("Display P3")),
        (b"cprt", mluc("No copyright, use freely (photoaudit test fixture)")),
        (b"wtpt", xyz(0.964203, 1.0, 0.824905)),
        (b"rXYZ", xyz(0.515102, 0.241182, -0.001050)),
        (b"gXYZ", xyz(0.291965, 0.692236, 0.041881)),
        (b"bXYZ", xyz(0.157153, 0.066582, 0.784378)),
        (b"rTRC", trc), (b"gTRC", trc), (b"bTRC", trc),
        (b"chad", sf32(1.047882, 0.022918, -0.050217,
                       0.029586, 0.990478, -0.017075,
                       -0.009247, 0.015075, 0.751678)),
    ]
    table_len = 4 + 12 * len(tags)
    offset = 128 + table_len
    table = struct.pack(">I", len(tags))
    data = b""
    placed = {}
    for sig, body in tags:
        if body in placed:                       # rTRC/gTRC/bTRC share one curve
            table += sig + struct.pack(">II", placed[body], len(body))
            continue
        while (offset + len(data)) % 4:
            data += b"\0"
        placed[body] = offset + len(data)
        table += sig + struct.pack(">II", offset + len(data), len(body))
        data += body
    while len(data) % 4:
        data += b"\0"
    size = 128 + table_len + len(data)
    header = struct.pack(">I4sI4s4s4s", size, b"\0\0\0\0", 0x04300000, b"mntr", b"RGB ", b"XYZ ")
    header += struct.pack(">6H", 2025, 1, 1, 0, 0, 0)       # date/time
    header += b"acsp" + b"APPL" + struct.pack(">I", 0)        # platform, flags
    header += b"\0" * 4 + b"\0" * 4 + struct.pack(">Q", 0)   # manufacturer, model, attributes
    header += struct.pack(">I", 0)                          # rendering intent: perceptual
    header += s15(0.9642) + s15(1.0) + s15(0.8249)          # PCS illuminant D50
    header += b"\0" * 4                                      # creator
    header += b"\0" * 16                                     # profile ID, filled below
    header += b"\0" * (128 - len(header))
    profile = bytearray(header + table + data)
    # Profile ID: MD5 over the profile with flags (44), rendering intent (64), ID (84) zeroed.
    tmp = bytearray(profile)
    tmp[44:48] = b"\0" * 4
    tmp[64:68] = b"\0" * 4
    tmp[84:100] = b"\0" * 16
    profile[84:100] = hashlib.md5(bytes(tmp)).digest()
    return bytes(profile)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    open(sys.argv[1], "wb").write(build())
