import type { ComponentProps } from 'react';
import { useParams } from 'react-router';
import { DeleteByNamePage } from '../delete-by-name-page';

type DeleteTexts = Omit<
  ComponentProps<typeof DeleteByNamePage>,
  'itemName' | 'loading' | 'loadError' | 'onDelete'
>;

interface NamedResourceDeletePageProps extends DeleteTexts {
  /** The route parameter that holds the id (`id` unless told). */
  param?: string;
  /** The feature's query of one item by id. */
  useItem: (id: string) => {
    data: { name: string } | undefined;
    isPending: boolean;
    error: unknown;
  };
  /** The feature's delete mutation. */
  useRemove: () => { mutateAsync: (id: string) => Promise<unknown> };
}

/**
 * `/…/delete/{id}` of a named resource: loads the item named by the route, asks for its exact
 * name (`DeleteByNamePage`) and removes it with the feature's mutation.
 */
export function NamedResourceDeletePage({
  param = 'id',
  useItem,
  useRemove,
  ...texts
}: NamedResourceDeletePageProps) {
  const id = useParams()[param] ?? '';
  const item = useItem(id);
  const remove = useRemove();
  return (
    <DeleteByNamePage
      {...texts}
      itemName={item.data?.name}
      loading={item.isPending}
      loadError={item.error}
      onDelete={() => remove.mutateAsync(id)}
    />
  );
}
