/**
 * A catalog as select options through swr (cached and shared between views); `path` null
 * means "not yet" (a cascade whose parent is not chosen).
 */
import useSWR from 'swr';
import { catalogFetch, toOptions, type Option } from './catalog-fetch.ts';

export function useCatalog(path: string | null): { options: Option[]; loading: boolean; failed: boolean } {
  const { data, error, isLoading } = useSWR<unknown, Error | undefined>(path, catalogFetch, { revalidateOnFocus: false });
  return { options: data === undefined ? [] : toOptions(data), loading: isLoading, failed: error !== undefined };
}
