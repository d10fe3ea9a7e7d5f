#!/usr/bin/env python3
"""redteam: hostile-but-plausible HEIF, MOV/MP4 and PNG files carrying a location where a careless
reader does not look, for photoaudit's leak-scan fixtures (stdlib only; tools/heifitems.py builds
the HEIFs).

  redteam.py OUTDIR BASE.heic BASE.mov BASE.mp4 BASE.png EXIF.bin
      EXIF.bin is a TIFF block with a GPS IFD (exiftool -b -EXIF of a JPEG given
      GPSLatitude 37.331686 N, GPSLongitude 122.030656 W). Writes the files listed in PROBES.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from heifbox import child, top  # noqa: E402
from pngchunk import chunk, chunks  # noqa: E402

ISO = b"+37.3317-122.0307/"
XMP = (b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
       b'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""'
       b' xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="37,19.901160N" exif:GPSLongitude="122,1.839360W"/>'
       b'</rdf:RDF></x:xmpmeta><?xpacket end="w"?>')
XMP_UUID = bytes.fromhex("BE7ACFCB97A942E89C71999491E3AFAC")


def box(typ, body):
    return struct.pack(">I4s", 8 + len(body), typ.encode("latin-1")) + body


def full(typ, body, version=0, flags=0):
    return box(typ, bytes([version]) + flags.to_bytes(3, "big") + body)


def hdlr(kind):
    return full("hdlr", b"\0\0\0\0" + kind + b"\0" * 12 + b"\0")


def keyed(key, value, data_type=1):
    """A QuickTime 'meta' with one 'mdta' key and its 'ilst' value of `data_type`."""
    keys = full("keys", struct.pack(">I", 1) + struct.pack(">I4s", 8 + len(key), b"mdta") + key)
    ilst = box("ilst", box("\0\0\0\1", box("data", struct.pack(">II", data_type, 0) + value)))
    return full("meta", hdlr(b"mdta") + keys + ilst)


def xyz():
    return box("\xa9xyz", struct.pack(">HH", len(ISO), 0x15C7) + ISO)


def grow(data, path, insert):
    """Inserts bytes at the end of the box reached by `path` (types from the top), growing each
    box on the way. Used on boxes after 'mdat' only (no chunk offset moves)."""
    data = bytearray(data)
    chain = [top(data, path[0].encode("latin-1"))]
    for typ in path[1:]:
        chain.append(child(data, chain[-1], typ.encode("latin-1")))
    end = chain[-1][3]
    data[end:end] = insert
    for _, start, _, box_end in chain:
        struct.pack_into(">I", data, start, box_end - start + len(insert))
    return bytes(data)


def timed_metadata_movie(base, sample):
    """Adds a timed metadata track (handler 'meta', sample entry 'mebx' with one key,
    com.apple.quicktime.location.ISO6709, as AVFoundation writes timed locations) whose one
    sample, `sample`, is appended to the end of 'mdat' (which must come before 'moov')."""
    at = top(base, b"mdat")[3]
    data = grow(base, ["mdat"], sample)
    keyd = box("keyd", b"mdta" + b"com.apple.quicktime.location.ISO6709")
    entry = box("mebx", b"\0" * 6 + struct.pack(">H", 1) + box("keys", box("\0\0\0\1", keyd)))
    stbl = box("stbl", full("stsd", struct.pack(">I", 1) + entry) + full("stts", struct.pack(">III", 1, 1, 600))
               + full("stsc", struct.pack(">IIII", 1, 1, 1, 1)) + full("stsz", struct.pack(">III", 0, 1, len(sample)))
               + full("stco", struct.pack(">II", 1, at)))
    minf = box("minf", full("nmhd", b"") + box("dinf", full("dref", struct.pack(">I", 1) + full("url ", b"", flags=1))) + stbl)
    mdia = box("mdia", full("mdhd", struct.pack(">IIIIHH", 0, 0, 600, 600, 0x55C4, 0)) + hdlr(b"meta") + minf)
    tkhd = full("tkhd", struct.pack(">IIIII", 0, 0, 2, 0, 600) + b"\0" * 8 + struct.pack(">hhhh", 0, 0, 0, 0)
                + struct.pack(">9i", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000) + struct.pack(">II", 0, 0), flags=1)
    return grow(data, ["moov"], box("trak", tkhd + mdia))


def heif_specs(tiff):
    exif = b"\0\0\0\0" + tiff
    return {
        # Items no decoder reads: an Exif block in a private item type, a 'uri ' item, a 'mime'
        # item of another content type; zlib data in an Exif item without content encoding.
        "heif-exif-private-type.heic": {"items": [{"id": 2, "type": "exif", "data_hex": exif.hex()}], "refs": [["cdsc", 2, [1]]]},
        "heif-exif-private-type-zlib.heic": {"items": [{"id": 2, "type": "gpsz", "data_hex": zlib.compress(tiff).hex()}]},
        "heif-exif-uri-item.heic": {"items": [{"id": 2, "type": "uri ", "data_hex": exif.hex()}]},
        "heif-exif-mime-octet.heic": {"items": [{"id": 2, "type": "mime", "content_type": "application/octet-stream", "data_hex": exif.hex()}]},
        "heif-exif-mime-octet-deflate.heic": {"items": [{"id": 2, "type": "mime", "content_type": "application/octet-stream",
                                                           "content_encoding": "deflate", "data_hex": zlib.compress(tiff).hex()}]},
        "heif-exif-item-zlib.heic": {"items": [{"id": 2, "type": "Exif", "data_hex": zlib.compress(exif).hex()}], "refs": [["cdsc", 2, [1]]]},
        "heif-xmp-mime-text-xml.heic": {"items": [{"id": 2, "type": "mime", "content_type": "text/xml", "data_hex": XMP.hex()}], "refs": [["cdsc", 2, [1]]]},
        "heif-xmp-private-type.heic": {"items": [{"id": 2, "type": "xmp ", "data_hex": XMP.hex()}]},
        # Boxes in 'meta' a HEIF reader does not read.
        "heif-meta-xml-box.heic": {"meta_boxes": [full("xml ", XMP).hex()]},
        "heif-meta-udta-xyz.heic": {"meta_boxes": [box("udta", xyz()).hex()]},
        "heif-meta-keys-ilst.heic": {"meta_boxes": [
            full("keys", struct.pack(">I", 1) + struct.pack(">I4s", 44, b"mdta") + b"com.apple.quicktime.location.ISO6709").hex(),
            box("ilst", box("\0\0\0\1", box("data", struct.pack(">II", 1, 0) + ISO))).hex()]},
    }


def movies(base_mov, base_mp4):
    return {
        # A private key whose value has type 0 ("no type"): a careless reader shows binary.
        "mov-keys-untyped-value.mov": grow(base_mov, ["moov"], keyed(b"com.example.camera.position", ISO, data_type=0)),
        # An atom of an unknown type in 'udta' whose payload is an ISO 6709 string.
        "mov-udta-private-atom.mov": grow(base_mov, ["moov"], box("udta", box("gpsx", ISO))),
        # XMP in an 'xml ' box of a movie-level 'meta'.
        "mp4-meta-xml-box.mp4": grow(base_mp4, ["moov"], full("meta", hdlr(b"mp7t") + full("xml ", XMP))),
        # A timed metadata track whose sample is the key's value, an ISO 6709 string.
        "mov-timed-metadata-track.mov": timed_metadata_movie(base_mov, box("\0\0\0\1", ISO)),
        # A private top-level box after 'moov'.
        "mp4-box-after-moov.mp4": base_mp4 + box("gpsd", ISO),
    }


def pngs(base, tiff):
    def before(typ, new):
        for pos, t, _ in chunks(base):
            if t == typ:
                return base[:pos] + new + base[pos:]
        raise SystemExit("no %r chunk" % typ)
    itxt = chunk(b"iTXt", b"XML:com.adobe.xmp\0\1\0\0\0" + zlib.compress(XMP))
    return {
        "png-itxt-after-iend.png": base + itxt,
        "png-exif-after-iend.png": base + chunk(b"eXIf", tiff),
        "png-stray-fdat-exif.png": before(b"IEND", chunk(b"fdAT", struct.pack(">I", 1) + tiff)),
        "png-stray-fdat-zlib.png": before(b"IEND", chunk(b"fdAT", struct.pack(">I", 1) + zlib.compress(b"lat 37.331686 lon -122.030656"))),
        "png-private-chunk-flag-zlib.png": before(b"IDAT", chunk(b"xmPz", b"\0" + zlib.compress(XMP))),
    }


def main(argv):
    if len(argv) != 7:
        raise SystemExit(__doc__)
    out, heic, mov, mp4, png, exif_path = argv[1:]
    tiff = open(exif_path, "rb").read()
    if tiff[:4] not in (b"MM\0*", b"II*\0"):
        raise SystemExit("EXIF.bin is not a TIFF block")
    for name, spec in heif_specs(tiff).items():
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(spec, f)
        subprocess.run([sys.executable, os.path.join(HERE, "heifitems.py"), heic, os.path.join(out, name), f.name], check=True)
        os.unlink(f.name)
    files = movies(open(mov, "rb").read(), open(mp4, "rb").read())
    files.update(pngs(open(png, "rb").read(), tiff))
    for name, data in files.items():
        open(os.path.join(out, name), "wb").write(data)


if __name__ == "__main__":
    main(sys.argv)
