// What a stack's emulators hold, read outside the browser through their REST APIs as the owner (rules bypassed):
// the fault suites check what is kept after a fault with these.

/** Where a stack's emulators listen ("127.0.0.1:<port>") and its project. */
export interface EmulatorAddresses {
  projectId: string;
  firestoreHost: string;
  authHost: string;
}

export type StoredDocument = { name: string; fields: Record<string, { stringValue?: string }> };

const owner = { authorization: 'Bearer owner' };

/** Documents of a collection (up to 300). */
export async function documentsOf(stack: EmulatorAddresses, collection: string): Promise<StoredDocument[]> {
  const url = `http://${stack.firestoreHost}/v1/projects/${stack.projectId}/databases/(default)/documents/${collection}?pageSize=300`;
  const response = await fetch(url, { headers: owner });
  if (!response.ok) throw new Error(`GET ${url} → ${response.status} ${await response.text()}`);
  return ((await response.json()) as { documents?: StoredDocument[] }).documents ?? [];
}

/** Every account of the Auth emulator. */
export async function accountsOf(stack: EmulatorAddresses): Promise<Array<{ localId: string; email?: string }>> {
  const url = `http://${stack.authHost}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}/accounts:query`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...owner, 'content-type': 'application/json' },
    body: JSON.stringify({ returnUserInfo: true }),
  });
  if (!response.ok) throw new Error(`POST ${url} → ${response.status} ${await response.text()}`);
  return ((await response.json()) as { userInfo?: Array<{ localId: string; email?: string }> }).userInfo ?? [];
}

/** The checkout session documents of a shopper (the backend's `checkoutSessions`). */
export async function sessionsOf(stack: EmulatorAddresses, email: string): Promise<StoredDocument[]> {
  return (await documentsOf(stack, 'checkoutSessions')).filter((s) => s.fields.email?.stringValue === email);
}
