import { Alert, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/session/use-can';
import { RegisterTab } from './register-tab';
import { RetentionTab } from './retention-tab';
import { TitularTab } from './titular-tab';
import classes from './lgpd-page.module.css';

/** The URL query param of the open tab: `?aba=registro` or `?aba=retencao`; absent: titulares. */
const tabParam = 'aba';
const tabs = ['titulares', 'registro', 'retencao'] as const;
type LgpdTab = (typeof tabs)[number];

/**
 * /lgpd (docs/lgpd.md), for the workspace's owner and admins: answer a titular ('Titulares'),
 * the register of processing ('Registro de tratamento') and how long each area keeps data
 * ('Retenção'). The open tab is in the address, so a link or a reload opens it again.
 */
export function LgpdPage() {
  const allowance = useCan('lgpd.manage');
  const [params, setParams] = useSearchParams();
  const asked = params.get(tabParam);
  const tab: LgpdTab = tabs.find((t) => t === asked) ?? 'titulares';
  const open = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams();
        if (value && value !== 'titulares') next.set(tabParam, value);
        else current.forEach((v, k) => k !== tabParam && next.set(k, v));
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title="LGPD" />
      {allowance.reason ? (
        <Alert color="yellow" title="Acesso restrito">
          {allowance.reason}
        </Alert>
      ) : (
        <Tabs
          value={tab}
          onChange={open}
          keepMounted={false}
          classNames={{ list: classes.list, tab: classes.tab }}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="titulares">Titulares</Tabs.Tab>
            <Tabs.Tab value="registro">Registro de tratamento</Tabs.Tab>
            <Tabs.Tab value="retencao">Retenção</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="titulares">
            <TitularTab />
          </Tabs.Panel>
          <Tabs.Panel value="registro">
            <RegisterTab />
          </Tabs.Panel>
          <Tabs.Panel value="retencao">
            <RetentionTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
