// /admin/conversaciones (docs/product/whatsapp-desk.md#the-inbox): the WhatsApp desk's inbox for
// customer service and the administrator. On a wide screen the list, the thread and the customer
// side by side; on a phone the list, then the thread of the one chosen.
// No search params: what the route defines outside its component is in every page's first
// JavaScript, at the edge of its budget (docs/product/fast-on-a-phone.md#budgets).
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { ConversationFilter } from '@casillero/shared';
import { pageHead } from '../../lib/site';
import { ConversationInbox } from '../../components/conversations/ConversationInbox';

export const Route = createFileRoute('/admin/conversaciones')({
  head: pageHead('Conversaciones'),
  component: ConversationsPage,
});

function ConversationsPage() {
  const [filter, setFilter] = useState<ConversationFilter>('open');
  const [selected, setSelected] = useState<string | null>(null);
  return <ConversationInbox filter={filter} selected={selected} onFilter={setFilter} onSelect={setSelected} />;
}
