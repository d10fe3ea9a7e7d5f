#!/usr/bin/env python3
"""vendor: builds the vendor records of the vendor fixtures (stdlib only).

  vendor.py flir IN.jpg OUT.jpg CHUNK [RECORD...]
      writes IN.jpg with a FLIR FFF file in APP1 "FLIR\\0" segments inserted after its APPn
      segments: each payload "FLIR\\0", 0x01, the 0-based chunk number, the chunk count - 1, then
      at most CHUNK bytes of the FFF data. The FFF data (big-endian, as FLIR cameras write APP1):
      a 64-byte header ("FFF\\0", creator, format version 100 at 0x14, directory offset 0x40 at
      0x18, entry count at 0x1C), 32-byte directory entries (type, subtype 1, version 0x64,
      index 1, offset and length from the start of the data), then the records.
      [ExifTool FLIR.pm ProcessFLIR; ExifTool.pm APP1 "FLIR" chunk handling]
      Each RECORD is one of:
        gps:VALID:LAT:LON:ALT    a GPS record (type 0x2B, 0x68 bytes, little-endian): GPSValid,
                                 GPSVersionID 2.2.0.0, GPSLatitudeRef/LongitudeRef from the
                                 signs, GPSLatitude/GPSLongitude (signed doubles), GPSAltitude
                                 (float), GPSDOP, GPSMapDatum "WGS84". [FLIR.pm %FLIR::GPSInfo]
        gps-short:N              a GPS record of N bytes (a layout we do not know)
        gps-outside              a GPS record whose entry points past the end of the data
        other                    a record of type 0x27 (8 bytes; ExifTool names no tag for it)
      Options before IN: --drop N (leave chunk N, 1-based, out), --zero-counts (every chunk
      says "0 of 1", as some writers do), --version V (header version, e.g. 99 = unknown).
  vendor.py c2pa-location STORE
      a C2PA manifest store (JUMBF, not signed) whose manifest has a `cai.location.broad`
      JSON assertion ({"location": "Lisbon, Portugal"}), a `stds.schema-org.CreativeWork`
      assertion naming a contentLocation without coordinates, and `c2pa.hash.data`.
      [CAI cai.location.broad; schema.org CreativeWork contentLocation]
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import carriers  # noqa: E402  (the JUMBF builder and the JPEG APP11 writer)


def gps_record(valid, lat, lon, alt, length=0x68):
    rec = bytearray(max(length, 0x68))
    struct.pack_into("<I", rec, 0x00, valid)
    rec[0x04:0x08] = b"2200"
    rec[0x08:0x0A] = (b"S" if lat < 0 else b"N") + b"\0"
    rec[0x0A:0x0C] = (b"W" if lon < 0 else b"E") + b"\0"
    struct.pack_into("<d", rec, 0x10, lat)
    struct.pack_into("<d", rec, 0x18, lon)
    struct.pack_into("<f", rec, 0x20, alt)
    struct.pack_into("<f", rec, 0x40, 1.2)
    rec[0x58:0x5E] = b"WGS84\0"
    return bytes(rec[:length])


def fff(records, version=100):
    """records: [(type, data, outside)] → FFF bytes (big-endian header and directory)."""
    count = len(records)
    offset = 0x40 + 0x20 * count
    directory = b""
    body = b""
    for typ, data, outside in records:
        at = offset + len(body)
        length = len(data)
        if outside:
            at, length = 0x7FFF0000, 0x68   # far past the end of the data
        directory += struct.pack(">HHIIIIIII", typ, 1, 0x64, 1, at, length, 0, 0, 0)
        body += data if not outside else b""
    header = bytearray(0x40)
    header[0:4] = b"FFF\0"
    header[4:20] = b"photoaudit-fix\0\0"
    struct.pack_into(">IIII", header, 0x14, version, 0x40, count, 2)
    return bytes(header) + directory + body


def parse_record(spec):
    kind, _, rest = spec.partition(":")
    if kind == "gps":
        valid, lat, lon, alt = rest.split(":")
        return 0x2B, gps_record(int(valid), float(lat), float(lon), float(alt)), False
    if kind == "gps-short":
        return 0x2B, gps_record(1, 59.3293, 18.0686, 20.0)[:int(rest)], False
    if kind == "gps-outside":
        return 0x2B, b"", True
    if kind == "other":
        return 0x27, bytes([1, 0, 8, 0, 0x10, 0, 0, 0]), False
    raise SystemExit("unknown record " + spec)


def app_insert_point(data):
    insert = 2
    for pos, marker, length in carriers.jpeg_segments(data):
        if 0xE0 <= marker <= 0xEF:
            insert = pos + length
        else:
            break
    return insert


def flir(args):
    drop, zero, version = None, False, 100
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt == "--drop":
            drop = int(args.pop(0))
        elif opt == "--zero-counts":
            zero = True
        elif opt == "--version":
            version = int(args.pop(0))
        else:
            raise SystemExit("unknown option " + opt)
    src, out, chunk = args[0], args[1], int(args[2])
    data = fff([parse_record(r) for r in args[3:]], version)
    chunks = [data[i:i + chunk] for i in range(0, len(data), chunk)]
    segs = b""
    for n, part in enumerate(chunks):
        if drop is not None and n + 1 == drop:
            continue
        number, total = (0, 0) if zero else (n, len(chunks) - 1)
        payload = b"FLIR\0\x01" + bytes([number, total]) + part
        assert len(payload) + 2 <= 0xFFFF
        segs += b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    jpeg = open(src, "rb").read()
    at = app_insert_point(jpeg)
    open(out, "wb").write(jpeg[:at] + segs + jpeg[at:])


def c2pa_location(out):
    work = {"@context": "https://schema.org", "@type": "CreativeWork",
            "contentLocation": {"@type": "Place", "name": "Belem Tower", "address": "Lisbon, Portugal"}}
    labels = ["cai.location.broad", "stds.schema-org.CreativeWork", "c2pa.hash.data"]
    data = carriers.store("urn:uuid:00000000-0000-4000-8000-000000000025",
                          [carriers.json_assertion(labels[0], {"location": "Lisbon, Portugal"}),
                           carriers.json_assertion(labels[1], work), carriers.hash_data()], labels)
    open(out, "wb").write(data)


def main(argv):
    if len(argv) < 2:
        raise SystemExit(__doc__)
    command, args = argv[1], argv[2:]
    if command == "flir":
        flir(args)
    elif command == "c2pa-location":
        c2pa_location(args[0])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
