import { useRouter } from 'wouter';

/**
 * The `q` parameter of the address, decoded once. wouter's useSearch() runs decodeURI over the query string
 * first, so a typed "%E0" (sent as %25E0) would be decoded twice into garbage: read the raw string instead.
 */
export function useSearchQueryParam(): string {
  const router = useRouter();
  return new URLSearchParams(router.searchHook(router)).get('q') ?? '';
}
