/**
 * A catalog as select options through swr (cached and shared between views); `path` null
 * means "not yet" (a cascade whose parent is not chosen).
 */
import useSWR from 'swr';
import {
  catalogFetch,
  NAMED_CATALOG_PATH,
  namedCatalogFetch,
  toOptions,
  type Option,
} from './catalog-fetch.ts';

/** `retry` asks the service again (a failed catalog says so with a button that calls it). */
export function useCatalog(path: string | null): {
  options: Option[];
  loading: boolean;
  failed: boolean;
  retry: () => void;
} {
  const { data, error, isLoading, mutate } = useSWR<unknown, Error | undefined>(path, catalogFetch, {
    revalidateOnFocus: false,
  });
  return {
    options: data === undefined ? [] : toOptions(data),
    loading: isLoading,
    failed: error !== undefined,
    retry: () => void mutate(),
  };
}

/** A catalog the service answers by name (`consulta/catalogo`), as select options; null means "not needed". */
export function useNamedCatalog(catalogo: string | null): {
  options: Option[];
  loading: boolean;
  failed: boolean;
} {
  const { data, error, isLoading } = useSWR<unknown, Error | undefined, readonly [string, string] | null>(
    catalogo === null ? null : [NAMED_CATALOG_PATH, catalogo],
    namedCatalogFetch,
    { revalidateOnFocus: false },
  );
  return {
    options: data === undefined ? [] : toOptions(data),
    loading: isLoading,
    failed: error !== undefined,
  };
}
