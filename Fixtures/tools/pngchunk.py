#!/usr/bin/env python3
"""pngchunk: PNG chunk tool for photoaudit fixtures (stdlib only).

  pngchunk.py list FILE
      prints the chunks (offset, type, length, text keyword) and the bytes after IEND.
  pngchunk.py raw-profile IN OUT TYPE PAYLOAD
      inserts, before the first IDAT, a zTXt chunk "Raw profile type TYPE" holding PAYLOAD
      the way ImageMagick 6 (before 6.9.10) wrote profiles: "\\nTYPE\\n" + length right-aligned
      in 8 columns + "\\n" + lower-case hex, 72 digits a line, each line ending "\\n".
      (ImageMagick 6.9.11 writes EXIF only as eXIf plus tEXt "exif:*" properties.)
  pngchunk.py append IN OUT PAYLOAD
      appends PAYLOAD's bytes after IEND.
"""
import struct
import sys
import zlib


def chunks(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("not a PNG")
    pos = 8
    while pos + 12 <= len(data):
        n, typ = struct.unpack(">I4s", data[pos:pos + 8])
        yield pos, typ, n
        pos += 12 + n
        if typ == b"IEND":
            return


def chunk(typ, body):
    return struct.pack(">I", len(body)) + typ + body + struct.pack(">I", zlib.crc32(typ + body) & 0xFFFFFFFF)


def list_file(path):
    data = open(path, "rb").read()
    end = 8
    for pos, typ, n in chunks(data):
        key = ""
        if typ in (b"tEXt", b"zTXt", b"iTXt"):
            key = data[pos + 8:pos + 8 + min(n, 80)].split(b"\0")[0].decode("latin1")
        print("%8d %s %6d %s" % (pos, typ.decode("latin1"), n, key))
        end = pos + 12 + n
    print("after IEND: %d bytes" % (len(data) - end))


def raw_profile(src, dst, kind, payload_path):
    data = open(src, "rb").read()
    payload = open(payload_path, "rb").read()
    hexed = payload.hex()
    text = "\n%s\n%8d\n" % (kind, len(payload))
    text += "".join(hexed[i:i + 72] + "\n" for i in range(0, len(hexed), 72))
    body = ("Raw profile type %s" % kind).encode("latin1") + b"\0\0" + zlib.compress(text.encode("ascii"), 9)
    first_idat = next(pos for pos, typ, n in chunks(data) if typ == b"IDAT")
    open(dst, "wb").write(data[:first_idat] + chunk(b"zTXt", body) + data[first_idat:])


def append(src, dst, payload_path):
    data = open(src, "rb").read()
    open(dst, "wb").write(data + open(payload_path, "rb").read())


def main(argv):
    if len(argv) == 3 and argv[1] == "list":
        list_file(argv[2])
    elif len(argv) == 6 and argv[1] == "raw-profile":
        raw_profile(argv[2], argv[3], argv[4], argv[5])
    elif len(argv) == 5 and argv[1] == "append":
        append(argv[2], argv[3], argv[4])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
