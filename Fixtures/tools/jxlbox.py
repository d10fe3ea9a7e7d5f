#!/usr/bin/env python3
"""Box surgery on JPEG XL container files, for Fixtures/gen/jxl.sh (python3 stdlib + the
Debian `brotli` command for compression). Never photoaudit.

A JPEG XL container is ISOBMFF-shaped: 'JXL ' signature box, 'ftyp', then boxes
(ISO/IEC 18181-2). Commands:

  jxlbox.py list FILE
      print "type offset size" for each top-level box
  jxlbox.py brob IN OUT TYPE
      replace the first box of TYPE by a 'brob' box: TYPE, then its payload Brotli-compressed
  jxlbox.py brob-raw IN OUT TYPE PAYLOADFILE [--stream STREAMFILE]
      insert before the codestream a 'brob' box for TYPE whose content is PAYLOADFILE compressed
      (or, with --stream, whose Brotli stream is STREAMFILE as given: corrupt data)
  jxlbox.py add IN OUT TYPE PAYLOADFILE [--where before|after]
      insert a box of TYPE with PAYLOADFILE as payload, before (default) or after the codestream
  jxlbox.py slack IN OUT DATAFILE
      append DATAFILE inside the 'jxlc' box, after the codestream (the box size grows)
  jxlbox.py cabx PNG OUT
      write the payload of PNG's first 'caBX' chunk (a JUMBF superbox) to OUT
  jxlbox.py payload IN TYPE OUT
      write the payload of the first box of TYPE to OUT
"""
import struct
import subprocess
import sys

SIGNATURE = b"\x00\x00\x00\x0cJXL \x0d\x0a\x87\x0a"


def boxes(data):
    """(type, offset, header size, size) of each top-level box."""
    out, i = [], 0
    while i + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[i:i + 8])
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[i + 8:i + 16])[0]
            header = 16
        elif size == 0:
            size = len(data) - i
        out.append((kind.decode("latin-1"), i, header, size))
        i += size
    return out


def box(kind, payload):
    return struct.pack(">I", len(payload) + 8) + kind.encode("latin-1") + payload


def brotli(payload):
    return subprocess.run(["brotli", "-c", "-q", "11"], input=payload, capture_output=True, check=True).stdout


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def codestream_index(parts):
    return next(i for i, (k, _, _, _) in enumerate(parts) if k in ("jxlc", "jxlp"))


def insert(data, new_box, where):
    if not data.startswith(SIGNATURE):
        raise SystemExit("not a JPEG XL container (wrap it with exiftool first)")
    parts = boxes(data)
    if where == "before":
        at = parts[codestream_index(parts)][1]
    else:
        at = len(data)
    return data[:at] + new_box + data[at:]


def main(argv):
    cmd = argv[1]
    if cmd == "list":
        for kind, offset, _, size in boxes(read(argv[2])):
            print(kind, offset, size)
    elif cmd == "brob":
        data, kind = read(argv[2]), argv[4]
        for k, offset, header, size in boxes(data):
            if k == kind:
                payload = data[offset + header:offset + size]
                new = box("brob", kind.encode("latin-1") + brotli(payload))
                write(argv[3], data[:offset] + new + data[offset + size:])
                return
        raise SystemExit(f"no '{kind}' box")
    elif cmd == "brob-raw":
        data, kind, payload = read(argv[2]), argv[4], read(argv[5])
        stream = read(argv[7]) if len(argv) > 7 and argv[6] == "--stream" else brotli(payload)
        write(argv[3], insert(data, box("brob", kind.encode("latin-1") + stream), "before"))
    elif cmd == "add":
        data, kind, payload = read(argv[2]), argv[4], read(argv[5])
        where = argv[7] if len(argv) > 7 and argv[6] == "--where" else "before"
        write(argv[3], insert(data, box(kind, payload), where))
    elif cmd == "slack":
        data, extra = read(argv[2]), read(argv[4])
        for k, offset, header, size in boxes(data):
            if k == "jxlc":
                if header != 8:
                    raise SystemExit("jxlc with a 64-bit size")
                grown = struct.pack(">I", size + len(extra)) + data[offset + 4:offset + size] + extra
                write(argv[3], data[:offset] + grown + data[offset + size:])
                return
        raise SystemExit("no 'jxlc' box")
    elif cmd == "cabx":
        png, i = read(argv[2]), 8
        while i + 8 <= len(png):
            length, kind = struct.unpack(">I4s", png[i:i + 8])
            if kind == b"caBX":
                write(argv[3], png[i + 8:i + 8 + length])
                return
            i += 12 + length
        raise SystemExit("no caBX chunk")
    elif cmd == "payload":
        data, kind = read(argv[2]), argv[3]
        for k, offset, header, size in boxes(data):
            if k == kind:
                write(argv[4], data[offset + header:offset + size])
                return
        raise SystemExit(f"no '{kind}' box")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
