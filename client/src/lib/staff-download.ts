/** Downloads a staff export (CSV, Excel) with the staff member's bearer token and saves it through a Blob. */
export async function downloadStaffFile(url: string, fallbackName: string): Promise<void> {
  const { currentIdToken } = await import('./firebase');
  const token = await currentIdToken();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`download ${res.status}`);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
