// Writes raw documents to the Firestore emulator over REST as the owner (rules bypassed), so tests can seed
// the catalog and plant malformed documents that no client is allowed to write.
type Value =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { stringValue: string }
  | { arrayValue: { values: Value[] } }
  | { mapValue: { fields: Record<string, Value> } };

export function toFirestoreValue(value: unknown): Value {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toFirestoreValue) } };
  if (typeof value === 'object') return { mapValue: { fields: toFields(value as Record<string, unknown>) } };
  throw new Error(`cannot encode ${typeof value}`);
}

function toFields(data: Record<string, unknown>): Record<string, Value> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, toFirestoreValue(value)]));
}

export async function writeDocuments(
  firestoreHost: string,
  projectId: string,
  collection: string,
  documents: Readonly<Record<string, unknown>>,
) {
  for (const [id, data] of Object.entries(documents)) {
    const url = `http://${firestoreHost}/v1/projects/${projectId}/databases/(default)/documents/${collection}/${encodeURIComponent(id)}`;
    const response = await fetch(url, {
      method: 'PATCH',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ fields: toFields(data as Record<string, unknown>) }),
    });
    if (!response.ok) throw new Error(`writing ${collection}/${id}: ${response.status} ${await response.text()}`);
  }
}
