# a30: a29's xref-stream-trailer.py lead, measured with pdf.js and PDFium. An update to samples/valid lists, in an
# honest table section, unreferenced objects: catalog 26 (no /AcroForm, /Names, /Perms), for "one" also Pages 28
# (/Kids [8 0 R] /Count 1: page 2 only, so a reader taking catalog 26 shows 1 page), and a /Type /XRef stream 27 whose
# /Root names catalog 26. The table's trailer names the real catalog 2.
#   python3 scripts/attack-s25/xrefstm-readers.py <same|one> <none|off1|zero|past|control>
# trigger: none = honest startxref; off1 = startxref + 1; zero = startxref 0; past = startxref beyond EOF;
#          control = honest, and stream 27's /Root is 2 0 R; row = honest startxref, catalog 26's table row off by one;
#          size = honest, but the table trailer's /Size is 26 (below the objects it lists).
import re, struct, sys
pages, trig = sys.argv[1], sys.argv[2]
src = open("samples/valid/archive.pdf", "rb").read()
prev = int(re.findall(rb"startxref\s+(\d+)", src)[-1])
out = bytearray(src)
if not out.endswith(b"\n"):
    out += b"\n"
root = b"2 0 R" if trig == "control" else b"26 0 R"
objs = []
o26 = len(out)
out += b"26 0 obj\n<< /Type /Catalog /Pages %s >>\nendobj\n" % (b"28 0 R" if pages == "one" else b"1 0 R")
objs.append((26, o26))
if pages == "one":
    o28 = len(out)
    out += b"28 0 obj\n<< /Type /Pages /Kids [8 0 R] /Count 1 >>\nendobj\n"
size = 29 if pages == "one" else 28
o27 = len(out)
ents = [o26, o27] + ([o28] if pages == "one" else [])
rows = b"".join(struct.pack(">BIH", 1, o, 0) for o in ents)
out += b"27 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Index [26 %d] /Root %s /Length %d >>\nstream\n" % (size, len(ents), root, len(rows)) + rows + b"\nendstream\nendobj\n"
xref = len(out)
rowoffs = [ents[0] + 1] + ents[1:] if trig == "row" else ents
out += b"xref\n0 1\n0000000000 65535 f \n26 %d\n" % len(ents) + b"".join(b"%010d 00000 n \n" % o for o in rowoffs)
out += b"trailer\n<< /Size %d /Root 2 0 R /Info 3 0 R /ID [<949aabb815fcdd0b2e839e7fbfd66afe> <949aabb815fcdd0b2e839e7fbfd66afe>] /Prev %d >>\n" % (26 if trig == "size" else size, prev)
sx = {"none": xref, "control": xref, "row": xref, "size": xref, "off1": xref + 1, "zero": 0, "past": len(out) + 10000}[trig]
out += b"startxref\n%d\n%%%%EOF\n" % sx
path = f"/tmp/a30-{pages}-{trig}.pdf"
open(path, "wb").write(out)
print(path)
