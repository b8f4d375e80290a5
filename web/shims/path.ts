// node:path's few functions the library uses for names in messages (POSIX), for the page's build: the
// browser has names, not paths, so these only split on "/".
export function basename(p: string): string {
  const parts = p.replace(/\/+$/, "").split("/");
  return parts[parts.length - 1] ?? "";
}
export function dirname(p: string): string {
  const i = p.replace(/\/+$/, "").lastIndexOf("/");
  return i < 0 ? "." : i === 0 ? "/" : p.slice(0, i);
}
export function join(...parts: string[]): string {
  return (
    parts
      .filter((s) => s !== "")
      .join("/")
      .replace(/\/+/g, "/") || "."
  );
}
