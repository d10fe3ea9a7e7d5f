#!/usr/bin/env python3
"""sidecars: writes sidecar files in the layouts their makers use (python3 stdlib only).

  sidecars.py takeout OUT [--geo LAT,LON,ALT] [--exif LAT,LON,ALT] [--title T] [--description D]
                          [--people NAME,NAME] [--raw-geo JSON]
      A Google Takeout (Google Photos) JSON sidecar as Takeout writes it: 2-space indentation,
      Takeout's keys in Takeout's order, every number a string but the coordinates; geoData and
      geoDataExif 0.0 when not given (Takeout writes zeros for "no location"). --raw-geo puts
      JSON text in place of the geoData object (a hostile or damaged file).
  sidecars.py lightroom OUT --lat DEG --lon DEG [--city NAME]
      An XMP sidecar in Lightroom Classic's layout: no <?xpacket?> wrapper, the Adobe XMP Core
      toolkit string, one rdf:Description with attributes (crs: develop settings, the EXIF GPS
      properties as XMP writes them: "DD,MM.mmmmmmN"), as Adobe's XMP Specification Part 1 and
      ExifTool's XMP tag documentation describe them.
  sidecars.py darktable SRC OUT --lat DEG --lon DEG
      SRC, a real darktable sidecar, with the GPS attributes darktable writes through Exiv2
      (exif:GPSVersionID, exif:GPSLatitude, exif:GPSLongitude, exif:GPSAltitude) added to its
      rdf:Description, its layout otherwise unchanged.
  sidecars.py utf16 SRC OUT
      SRC (UTF-8 XMP) re-encoded as UTF-16LE with a byte-order mark.
  sidecars.py cut SRC OUT TEXT
      SRC up to and including the first TEXT: a packet cut inside (as a failed copy leaves it).
"""
import json
import sys


def xmp_coordinate(value, positive, negative):
    """Degrees as XMP writes GPS coordinates: "31,13.82496N" (degrees, decimal minutes, ref)."""
    ref = positive if value >= 0 else negative
    value = abs(value)
    degrees = int(value)
    minutes = (value - degrees) * 60
    return f"{degrees},{minutes:.5f}{ref}"


def triple(text):
    lat, lon, alt = (float(x) for x in text.split(","))
    return lat, lon, alt


def option(args, name, default=None):
    if name in args:
        i = args.index(name)
        return args[i + 1]
    return default


def geo(values):
    lat, lon, alt = values
    return {"latitude": lat, "longitude": lon, "altitude": alt, "latitudeSpan": 0.0, "longitudeSpan": 0.0}


def takeout(args):
    out = args[0]
    title = option(args, "--title", out.split("/")[-1].split(".json")[0].split(".supplemental")[0])
    zero = (0.0, 0.0, 0.0)
    doc = {
        "title": title,
        "description": option(args, "--description", ""),
        "imageViews": "3",
        "creationTime": {"timestamp": "1704100830", "formatted": "Jan 1, 2024, 9:20:30\u202fAM UTC"},
        "photoTakenTime": {"timestamp": "1704075630", "formatted": "Jan 1, 2024, 2:20:30\u202fAM UTC"},
        "geoData": geo(triple(option(args, "--geo")) if "--geo" in args else zero),
        "geoDataExif": geo(triple(option(args, "--exif")) if "--exif" in args else zero),
    }
    people = option(args, "--people")
    if people:
        doc["people"] = [{"name": name} for name in people.split(",")]
    doc["url"] = "https://photos.google.com/photo/AF1QipFixture"
    doc["googlePhotosOrigin"] = {"mobileUpload": {"deviceType": "ANDROID_PHONE"}}
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    raw = option(args, "--raw-geo")
    if raw is not None:
        start = text.index('"geoData": {')
        end = text.index("}", start) + 1
        text = text[:start] + '"geoData": ' + raw + text[end:]
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)


def lightroom(args):
    out = args[0]
    lat, lon = float(option(args, "--lat")), float(option(args, "--lon"))
    city = option(args, "--city")
    city_attr = f'\n   photoshop:City="{city}"' if city else ""
    text = f"""<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0-c000 1.000000, 0000/00/00-00:00:00        ">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:tiff="http://ns.adobe.com/tiff/1.0/"
    xmlns:exif="http://ns.adobe.com/exif/1.0/"
    xmlns:aux="http://ns.adobe.com/exif/1.0/aux/"
    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"
   xmp:CreatorTool="Adobe Photoshop Lightroom Classic 12.0 (Windows)"
   xmp:ModifyDate="2025-01-02T09:00:00+08:00"
   xmp:CreateDate="2025-01-01T10:20:30"
   xmp:MetadataDate="2025-01-02T09:00:00+08:00"
   tiff:Make="Apple"
   tiff:Model="iPhone 15 Pro"
   tiff:Orientation="1"
   exif:DateTimeOriginal="2025-01-01T10:20:30"
   exif:GPSLatitude="{xmp_coordinate(lat, 'N', 'S')}"
   exif:GPSLongitude="{xmp_coordinate(lon, 'E', 'W')}"
   exif:GPSAltitudeRef="0"
   exif:GPSAltitude="125/10"{city_attr}
   xmpMM:DocumentID="xmp.did:0a1b2c3d-0000-0000-0000-000000000001"
   xmpMM:OriginalDocumentID="0A1B2C3D4E5F60718293A4B5C6D7E8F9"
   xmpMM:InstanceID="xmp.iid:0a1b2c3d-0000-0000-0000-000000000001"
   crs:Version="15.0"
   crs:ProcessVersion="11.0"
   crs:WhiteBalance="As Shot"
   crs:Exposure2012="+0.35"
   crs:HasSettings="True"
   crs:HasCrop="False"
   crs:AlreadyApplied="False">
   <xmpMM:History>
    <rdf:Seq>
     <rdf:li
      stEvt:action="saved"
      stEvt:instanceID="xmp.iid:0a1b2c3d-0000-0000-0000-000000000001"
      stEvt:when="2025-01-02T09:00:00+08:00"
      stEvt:softwareAgent="Adobe Photoshop Lightroom Classic 12.0 (Windows)"
      stEvt:changed="/metadata"/>
    </rdf:Seq>
   </xmpMM:History>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
"""
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)


def darktable(args):
    src, out = args[0], args[1]
    lat, lon = float(option(args, "--lat")), float(option(args, "--lon"))
    text = open(src, encoding="utf-8").read()
    anchor = '   exif:DateTimeOriginal="'
    assert anchor in text, "not the darktable sample this tool knows"
    gps = (f'   exif:GPSVersionID="2.2.0.0"\n'
           f'   exif:GPSLatitude="{xmp_coordinate(lat, "N", "S")}"\n'
           f'   exif:GPSLongitude="{xmp_coordinate(lon, "E", "W")}"\n'
           f'   exif:GPSAltitudeRef="0"\n'
           f'   exif:GPSAltitude="125/10"\n')
    text = text.replace(anchor, gps + anchor, 1)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)


def utf16(args):
    src, out = args[0], args[1]
    text = open(src, encoding="utf-8").read()
    with open(out, "wb") as f:
        f.write(b"\xff\xfe" + text.encode("utf-16-le"))


def cut(args):
    src, out, marker = args[0], args[1], args[2]
    data = open(src, "rb").read()
    at = data.index(marker.encode()) + len(marker)
    with open(out, "wb") as f:
        f.write(data[:at])


if __name__ == "__main__":
    commands = {"takeout": takeout, "lightroom": lightroom, "darktable": darktable, "utf16": utf16, "cut": cut}
    if len(sys.argv) < 3 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])
