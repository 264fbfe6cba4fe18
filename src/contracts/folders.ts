// Objects are sharded into folder segments by id (API-CONTRACT.md "Folder segments"):
// e6 = floor(N / 1e6) * 1e6, e3 = floor(N / 1e3) * 1e3; the "thousands folder" is `{e6}/{e3}`.

export function folderE6(id: number): number {
  return Math.floor(id / 1_000_000) * 1_000_000;
}

export function folderE3(id: number): number {
  return Math.floor(id / 1_000) * 1_000;
}

/** `{e6}/{e3}` for an id, e.g. 16574965 → `16000000/16574000`. */
export function thousandsFolder(id: number): string {
  return `${folderE6(id)}/${folderE3(id)}`;
}

/** True when the two folder segments given in a path are the right ones for the id. */
export function foldersMatch(id: number, e6: string, e3: string): boolean {
  return e6 === String(folderE6(id)) && e3 === String(folderE3(id));
}
