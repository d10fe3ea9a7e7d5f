#!/usr/bin/env python3
"""telemetry: MOV/MP4 files with timed metadata tracks, written from the makers' documented
layouts (stdlib only), for photoaudit's telemetry fixtures (issue 25). Never uses photoaudit.

  telemetry.py OUTDIR BASE.mp4 BASE.mov
      BASE.*: a short ffmpeg movie whose 'mdat' comes before 'moov' (ffmpeg's default). Each
      fixture is the base with one more track (its samples appended to 'mdat', its 'trak' to
      'moov'), or with a Novatek GPS list. Writes the files listed in build().

Layouts: GoPro GPMF (gopro/gpmf-parser docs/README.md: KLV, GPS5, GPS9), Google CAMM
(developers.google.com/streetview/publish/camm-spec: little-endian packets), Apple 'mebx'
(QTFF timed metadata: 'keys' with 'keyd' and 'dtyp'), DJI 'djmd' (protobuf; protocol name at
1-1-1, GPS message at 3-4-2-1 for dvtm_ac203 as ExifTool's DJI.pm documents), Novatek
'gps ' list and 'freeGPS ' blocks (ExifTool QuickTimeStream.pl ProcessFreeGPS type 1J).
The location is Shanghai's +31.2304+121.4737 (the other fixtures' too), moved a little per point.
"""
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from heifbox import top  # noqa: E402
from redteam import box, full, grow, hdlr  # noqa: E402

LAT, LON, ALT = 31.2304, 121.4737, 12.5


# ---------------------------------------------------------------- a track appended to a movie

def add_track(base, handler, entry, samples, track_id):
    """The base with a track of `handler` whose sample description is `entry` (a whole sample
    entry box) and whose samples are `samples`, each its own chunk, appended to 'mdat'."""
    at = top(base, b"mdat")[3]
    data = grow(base, ["mdat"], b"".join(samples))
    offsets, position = [], at
    for sample in samples:
        offsets.append(position)
        position += len(sample)
    n = len(samples)
    stbl = box("stbl", full("stsd", struct.pack(">I", 1) + entry)
               + full("stts", struct.pack(">III", 1, n, 600))
               + full("stsc", struct.pack(">IIII", 1, 1, 1, 1))
               + full("stsz", struct.pack(">II", 0, n) + b"".join(struct.pack(">I", len(s)) for s in samples))
               + full("stco", struct.pack(">I", n) + b"".join(struct.pack(">I", o) for o in offsets)))
    minf = box("minf", full("nmhd", b"") + box("dinf", full("dref", struct.pack(">I", 1) + full("url ", b"", flags=1))) + stbl)
    mdia = box("mdia", full("mdhd", struct.pack(">IIIIHH", 0, 0, 600, 600 * n, 0x55C4, 0)) + hdlr(handler) + minf)
    tkhd = full("tkhd", struct.pack(">IIIII", 0, 0, track_id, 0, 600 * n) + b"\0" * 8 + struct.pack(">hhhh", 0, 0, 0, 0)
                + struct.pack(">9i", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000) + struct.pack(">II", 0, 0), flags=1)
    return grow(data, ["moov"], box("trak", tkhd + mdia))


def entry(fmt, extra=b""):
    """A sample entry: 6 reserved bytes, data reference index 1, then what the format adds."""
    return box(fmt, b"\0" * 6 + struct.pack(">H", 1) + extra)


# ---------------------------------------------------------------- GoPro GPMF

def klv(key, typ, size, values):
    """One GPMF entry: FourCC, type character, structure size, repeat count, value padded to 4."""
    payload = b"".join(values)
    repeat = len(payload) // size if size else 0
    return key.encode() + bytes([ord(typ) if typ else 0, size]) + struct.pack(">H", repeat) + payload + b"\0" * (-len(payload) % 4)


def nest(key, *children):
    body = b"".join(children)
    return klv(key, None, 4, [body])


def gpmf_sample(gps, first_second):
    """A GPMF payload: a camera device with an accelerometer stream and, per `gps`, a GPS5 or
    GPS9 stream of three points, or none."""
    accl = nest("STRM", klv("STNM", "c", 1, [b"Accelerometer (up/down, right/left, forward/back)"]),
                klv("SIUN", "c", 4, [b"m/s\xb2"]), klv("SCAL", "s", 2, [struct.pack(">h", 418)]),
                klv("ACCL", "s", 6, [struct.pack(">hhh", 4100 + i, -12, 30) for i in range(4)]))
    streams = [accl]
    points = [(LAT + (first_second + i) * 1e-5, LON + (first_second + i) * 1e-5, ALT + i) for i in range(3)]
    if gps == "GPS5":
        streams.append(nest(
            "STRM", klv("GPSF", "L", 4, [struct.pack(">I", 3)]),
            klv("GPSU", "U", 16, [b"250101022030.%03d" % (first_second * 100)]),
            klv("GPSP", "S", 2, [struct.pack(">H", 250)]),
            klv("STNM", "c", 1, [b"GPS (Lat., Long., Alt., 2D speed, 3D speed)"]),
            klv("UNIT", "c", 3, [b"deg", b"deg", b"m\0\0", b"m/s", b"m/s"]),
            klv("SCAL", "l", 4, [struct.pack(">l", s) for s in (10_000_000, 10_000_000, 1000, 1000, 100)]),
            klv("GPS5", "l", 20, [struct.pack(">lllll", round(la * 1e7), round(lo * 1e7), round(al * 1000), 1500, 150)
                                  for la, lo, al in points])))
    elif gps == "GPS9":
        # days since 2000-01-01 for 2025-01-01 (9132), seconds since midnight (02:20:30).
        streams.append(nest(
            "STRM", klv("STNM", "c", 1, [b"GPS (Lat., Long., Alt., 2D, 3D, days, secs, DOP, fix)"]),
            klv("UNIT", "c", 3, [b"deg", b"deg", b"m\0\0", b"m/s", b"m/s", b"\0\0\0", b"s\0\0", b"\0\0\0", b"\0\0\0"]),
            klv("SCAL", "l", 4, [struct.pack(">l", s) for s in (10_000_000, 10_000_000, 1000, 1000, 100, 1, 1000, 100, 1)]),
            klv("TYPE", "c", 1, [b"lllllllSS"]),
            klv("GPS9", "?", 32, [struct.pack(">lllllllHH", round(la * 1e7), round(lo * 1e7), round(al * 1000), 1500, 150,
                                              9132, (8430 + first_second) * 1000, 150, 3) for la, lo, al in points])))
    device = nest("DEVC", klv("DVID", "L", 4, [struct.pack(">I", 1)]), klv("DVNM", "c", 1, [b"Camera"]), *streams)
    return device


def gpmf_movie(base, gps, track_id=2):
    samples = [gpmf_sample(gps, second) for second in range(2)]
    return add_track(base, b"meta", entry("gpmd", b"\0" * 4), samples, track_id)


# ---------------------------------------------------------------- Google CAMM

def camm_packet(kind, data):
    return struct.pack("<HH", 0, kind) + data


def camm_movie(base, with_gps):
    samples = []
    for second in range(2):
        packets = [camm_packet(2, struct.pack("<fff", 0.01, -0.02, 0.03)), camm_packet(3, struct.pack("<fff", 0.1, 9.8, 0.2))]
        if with_gps and second == 0:
            # type 6: GPS time (seconds since 1980-01-06), fix type 3, lat, lon (doubles), altitude, accuracies, velocities.
            packets.append(camm_packet(6, struct.pack("<dIddfffffff", 1_419_733_248.0, 3, LAT, LON, ALT, 5, 8, 0, 0, 0, 1)))
        elif with_gps:
            packets.append(camm_packet(5, struct.pack("<ddd", LAT + 1e-4, LON + 1e-4, ALT + 1)))
        else:
            packets.append(camm_packet(0, struct.pack("<fff", 0.0, 0.5, 0.0)))
        samples.append(b"".join(packets))
    return add_track(base, b"meta", entry("camm"), samples, 2)


# ---------------------------------------------------------------- Apple mebx

def mebx_key(local_id, name, data_type=None, type_name=None):
    """One key of a 'keys' box: 'keyd' (namespace 'mdta' and name) and 'dtyp' (namespace 0 and a
    well-known type, or namespace 1 and a reverse-DNS type name)."""
    parts = box("keyd", b"mdta" + name)
    if data_type is not None:
        parts += box("dtyp", struct.pack(">II", 0, data_type))
    if type_name is not None:
        parts += box("dtyp", struct.pack(">I", 1) + type_name)
    return box(struct.pack(">I", local_id).decode("latin-1"), parts)


def mebx_movie(base, keys, samples):
    return add_track(base, b"meta", entry("mebx", box("keys", b"".join(keys))), samples, 2)


def item(local_id, value):
    return struct.pack(">II", 8 + len(value), local_id) + value


# ---------------------------------------------------------------- DJI djmd (protobuf)

def varint(n):
    out = b""
    while True:
        byte = n & 0x7F
        n >>= 7
        out += bytes([byte | (0x80 if n else 0)])
        if not n:
            return out


def pb_bytes(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def pb_varint(number, value):
    return varint(number << 3) + varint(value)


def pb_double(number, value):
    return varint(number << 3 | 1) + struct.pack("<d", value)


def djmd_sample(protocol, lat, lon, first):
    """A djmd sample: the protocol name at 1-1-1 (first sample only, as DJI writes it), the
    GPS message at 3-4-2-1 (units 1 = degrees, latitude, longitude), altitude at 3-4-2-2."""
    header = pb_bytes(1, pb_bytes(1, pb_bytes(1, protocol) + pb_bytes(10, b"Osmo Action 4"))) if first else b""
    gps = pb_varint(1, 1) + pb_double(2, lat) + pb_double(3, lon)
    return header + pb_bytes(3, pb_bytes(4, pb_bytes(2, pb_bytes(1, gps) + pb_varint(2, 12500))))


def djmd_movie(base, protocol):
    samples = [djmd_sample(protocol, LAT + i * 1e-5, LON + i * 1e-5, i == 0) for i in range(3)]
    return add_track(base, b"meta", entry("djmd"), samples, 2)


# ---------------------------------------------------------------- Novatek 'gps ' list

def freegps_block(lat, lon, second, status=b"A", size=256):
    """A 'freeGPS ' block (type 1J): a 'free' box whose content starts "GPS ", then at 0x30 hour,
    minute, second, year - 2000, month, day (little-endian), status, N/S, E/W, and latitude and
    longitude as little-endian floats in DDMM.MMMM, speed (knots) and track."""
    def ddmm(value):
        degrees = int(value)
        return degrees * 100 + (value - degrees) * 60
    body = bytearray(size)
    struct.pack_into(">I4s4s", body, 0, size, b"free", b"GPS ")
    struct.pack_into("<I", body, 12, 0x4C)
    struct.pack_into("<6I", body, 0x30, 2, 20, 30 + second, 25, 1, 1)
    body[0x48:0x4C] = status + b"NE\0"
    struct.pack_into("<ffff", body, 0x4C, ddmm(lat), ddmm(lon), 10.0, 90.0)
    return bytes(body)


def novatek_movie(base, blocks):
    """The base with `blocks` appended to 'mdat' and a 'gps ' list in 'moov' naming them."""
    at = top(base, b"mdat")[3]
    data = grow(base, ["mdat"], b"".join(blocks))
    entries, position = b"", at
    for block in blocks:
        entries += struct.pack(">II", position, len(block))
        position += len(block)
    return grow(data, ["moov"], box("gps ", struct.pack(">II", 0x101, len(blocks)) + entries))


# ---------------------------------------------------------------- the fixtures

def build(out, base_mp4, base_mov):
    mp4 = open(base_mp4, "rb").read()
    mov = open(base_mov, "rb").read()
    iso = b"+31.2304+121.4737+012.500/"
    files = {
        # GoPro: GPS5 (HERO5-12), GPS9 (HERO11 on), and a camera with its GPS off.
        "gpmf-gps5.mp4": gpmf_movie(mp4, "GPS5"),
        "gpmf-gps9.mp4": gpmf_movie(mp4, "GPS9"),
        "gpmf-no-gps.mp4": gpmf_movie(mp4, None),
        # Google CAMM: GPS packets (6, then 5), and motion only.
        "camm-gps.mp4": camm_movie(mp4, True),
        "camm-motion.mp4": camm_movie(mp4, False),
        # Apple mebx: a timed location beside the orientation key; a key of a private type.
        "mebx-location.mov": mebx_movie(mov, [mebx_key(1, b"com.apple.quicktime.location.ISO6709", data_type=1),
                                              mebx_key(2, b"com.apple.quicktime.video-orientation", data_type=66)],
                                        [item(1, iso) + item(2, struct.pack(">h", 1)),
                                         item(1, b"+31.2305+121.4738+012.600/") + item(2, struct.pack(">h", 1))]),
        "mebx-private-key.mov": mebx_movie(mov, [mebx_key(1, b"com.example.tracker.fix", type_name=b"com.example.blob")],
                                           [item(1, struct.pack(">dd", LAT, LON))]),
        # DJI: a known protocol, and one photoaudit does not know.
        "djmd-gps.mp4": djmd_movie(mp4, b"dvtm_ac203.proto"),
        "djmd-unknown-protocol.mp4": djmd_movie(mp4, b"dvtm_wm999.proto"),
        # Novatek dashcam: three fixes; a block in a layout nobody documents.
        "novatek-freegps.mov": novatek_movie(mov, [freegps_block(LAT + i * 1e-4, LON + i * 1e-4, i) for i in range(3)]),
        "novatek-unknown-layout.mov": novatek_movie(mov, [b"\0\0\1\0freeGPS " + b"\x5a" * 244]),
        # A timed metadata track in a format no one decodes.
        "meta-unknown-format.mp4": add_track(mp4, b"meta", entry("xyzw"), [b"\x01\x02\x03\x04" * 8], 2),
    }
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    build(*sys.argv[1:])
