#!/usr/bin/env python3
"""exiftool_json: makes `exiftool -j` output stable across checkouts and runs.

Reads exiftool's JSON on stdin (one file), drops SourceFile and the checkout-dependent
System tags (Directory, FileModifyDate, FileAccessDate, FileInodeChangeDate,
FilePermissions; also with a DocN: prefix), writes the rest unchanged to stdout. Works on
lines so that exiftool's own number formatting is kept byte for byte.
"""
import json
import re
import sys

DROP = re.compile(r'^\s*"(?:Doc\d+:|Main:)?(?:SourceFile|System:Directory|System:FileModifyDate|'
                  r'System:FileAccessDate|System:FileInodeChangeDate|System:FilePermissions)":')
lines = [l for l in sys.stdin.read().splitlines() if not DROP.match(l)]
# The last member of the object may have lost its successor: fix a dangling comma.
for i in range(len(lines) - 1):
    if lines[i + 1].strip() in ("}", "}]") and lines[i].endswith(","):
        lines[i] = lines[i][:-1]
text = "\n".join(lines) + "\n"
json.loads(text)  # must still be valid JSON
sys.stdout.write(text)
