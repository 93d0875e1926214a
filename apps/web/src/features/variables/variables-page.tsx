import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { HolidaysTab, holidaySearchParam } from './holidays/holidays-tab';
import { VariablesTab } from './variables-tab';

/** The URL query param of the open tab: `?aba=feriados`; absent for 'Variáveis'. */
const tabParam = 'aba';
const holidaysTab = 'feriados';

/**
 * /variables: the values and days the workspace's flows read. 'Variáveis' (spec 2 Variables)
 * and 'Feriados', the workspace's own holidays (docs/adr/0121). The open tab is in the address,
 * so a link or a reload opens it again.
 */
export function VariablesPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get(tabParam) === holidaysTab ? holidaysTab : 'variaveis';
  const open = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(holidaySearchParam);
        if (value === holidaysTab) next.set(tabParam, holidaysTab);
        else next.delete(tabParam);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title="Variáveis" />
      <Tabs value={tab} onChange={open} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="variaveis">Variáveis</Tabs.Tab>
          <Tabs.Tab value={holidaysTab}>Feriados</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="variaveis">
          <VariablesTab />
        </Tabs.Panel>
        <Tabs.Panel value={holidaysTab}>
          <HolidaysTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
