import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { storagePathNames } from '@ponte/shared/storage.schema';

export interface Crumb {
  label: string;
  path: string;
}

/** HOME, then one crumb per folder of `path`: `/a/b` → HOME (/), a (/a), b (/a/b). */
export function crumbsOf(path: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'HOME', path: '/' }];
  let current = '';
  for (const name of storagePathNames(path)) {
    current = `${current}/${name}`;
    crumbs.push({ label: name, path: current });
  }
  return crumbs;
}

/** The breadcrumb of the current folder: every crumb but the last opens its folder. */
export function StorageBreadcrumbs({
  path,
  onOpen,
}: {
  path: string;
  onOpen: (path: string) => void;
}) {
  const crumbs = crumbsOf(path);
  return (
    <Box component="nav" aria-label="Pasta atual" style={{ minWidth: 0 }}>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {crumbs.map((crumb, index) => {
          const icon = index === 0 ? <IconHome size={14} style={{ marginRight: 4 }} /> : null;
          if (index === crumbs.length - 1) {
            return (
              <Text
                key={crumb.path}
                size="sm"
                fw={600}
                aria-current="location"
                style={{ display: 'inline-flex', alignItems: 'center', wordBreak: 'break-all' }}
              >
                {icon}
                {crumb.label}
              </Text>
            );
          }
          return (
            <Anchor
              key={crumb.path}
              component="button"
              type="button"
              size="sm"
              onClick={() => onOpen(crumb.path)}
              style={{ display: 'inline-flex', alignItems: 'center', wordBreak: 'break-all' }}
            >
              {icon}
              {crumb.label}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}
