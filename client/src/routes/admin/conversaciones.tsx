// /admin/conversaciones (docs/product/whatsapp-desk.md#the-inbox): the WhatsApp desk's inbox for
// customer service and the administrator. On a wide screen the list, the thread and the customer
// side by side; on a phone the list, then the thread of the one chosen (`?ver=` its number).
import { createFileRoute } from '@tanstack/react-router';
import type { ConversationFilter } from '@casillero/shared';
import { searchOptionalEnum } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { ConversationInbox } from '../../components/conversations/ConversationInbox';

export type ConversationSearch = { filtro?: ConversationFilter; ver?: string };

const PHONE = /^\+[1-9][0-9]{6,14}$/;
// Literals: the search validation and the head are in the entry chunk, and with them what they import.
const FILTERS: readonly ConversationFilter[] = ['open', 'mine', 'unassigned'];

export const Route = createFileRoute('/admin/conversaciones')({
  validateSearch: (search: Record<string, unknown>): ConversationSearch => ({
    filtro: searchOptionalEnum(search.filtro, FILTERS),
    ver: typeof search.ver === 'string' && PHONE.test(search.ver) ? search.ver : undefined,
  }),
  head: pageHead('Conversaciones'),
  component: ConversationsPage,
});

function ConversationsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ConversationInbox
      filter={search.filtro ?? 'open'}
      selected={search.ver ?? null}
      onFilter={(filtro) => void navigate({ search: (s) => ({ ...s, filtro }) })}
      onSelect={(ver) => void navigate({ search: (s) => ({ ...s, ver: ver ?? undefined }) })}
    />
  );
}
