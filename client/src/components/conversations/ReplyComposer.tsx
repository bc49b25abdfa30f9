// The inbox's reply box (docs/product/whatsapp-desk.md#the-inbox): it says before sending what
// will go (free-form inside the 24-hour window, outside it the approved template chosen here), and
// sends a text, a quick reply (its text put in the box to send or adjust) or a file with a caption.
// A file goes only within the window: outside it the screen says so and will not send it.
import { useState } from 'react';
import { Alert, Button, FileButton, Group, Menu, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconBolt, IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  CONVERSATION_MESSAGES as M,
  DESK_QUICK_REPLIES,
  DESK_REPLY_MAX,
  DESK_TEMPLATE_KEYS,
  DESK_TEMPLATES,
  formatDateTime,
  type DeskTemplateKey,
  type ReplyWindow,
} from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { uploadFile } from '../../lib/files';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

type Props = { phone: string; userId: string | null; window: ReplyWindow; onSent: () => void };

export function ReplyComposer({ phone, userId, window, onSent }: Props) {
  const [text, setText] = useState('');
  const [template, setTemplate] = useState<DeskTemplateKey>('desk_reply');
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const reply = useMutation(trpc.conversations.reply.mutationOptions());
  // A file chosen while the window was open that has closed since: WhatsApp would refuse it.
  const fileBlocked = file !== null && !window.open;

  async function send() {
    let fileId: string | undefined;
    if (file && userId) {
      setUploading(true);
      try {
        fileId = (await uploadFile(file, 'desk_attachment', userId)).id;
      } catch (err) {
        notifyError(getErrorMessage(err));
        return;
      } finally {
        setUploading(false);
      }
    }
    const caption = text.trim() ? text : undefined;
    reply.mutate(
      { phone, text: caption, fileId, template: window.open ? undefined : template },
      {
        onSuccess: (r) => {
          notifySuccess(undefined, r.message);
          setText('');
          setFile(null);
          onSent();
        },
        onError: (e) => notifyError(getErrorMessage(e)),
      },
    );
  }

  return (
    <Stack gap="xs">
      <Alert color={window.open ? 'teal' : 'orange'} p="xs" data-testid="reply-window">
        <Text size="sm">
          {window.open ? M.windowOpen(formatDateTime(window.closesAt)) : M.windowClosed(DESK_TEMPLATES[template].label)}
        </Text>
        {!window.open && userId && (
          <Text size="sm" mt={4}>
            {M.windowClosedNoFiles}
          </Text>
        )}
      </Alert>
      {!window.open && (
        <Select
          label={M.templateLabel}
          size="xs"
          allowDeselect={false}
          value={template}
          onChange={(v) => v && setTemplate(v as DeskTemplateKey)}
          data={DESK_TEMPLATE_KEYS.map((k) => ({
            value: k,
            label: `${DESK_TEMPLATES[k].label}: ${DESK_TEMPLATES[k].description}`,
          }))}
        />
      )}
      <Textarea
        aria-label={M.replyAria}
        placeholder={M.composerPlaceholder}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={DESK_REPLY_MAX}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {fileBlocked && (
        <Alert color="red" p="xs" role="alert">
          <Text size="sm">{M.fileOutsideWindow}</Text>
        </Alert>
      )}
      {file && (
        <Group gap="xs">
          <Text size="sm">📎 {file.name}</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={12} />}
            onClick={() => setFile(null)}
          >
            {M.removeFile}
          </Button>
        </Group>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Menu position="top-start">
            <Menu.Target>
              <Button size="xs" variant="light" leftSection={<IconBolt size={14} />}>
                {M.quickReplies}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {DESK_QUICK_REPLIES.map((q) => (
                <Menu.Item key={q.id} onClick={() => setText(q.text)}>
                  {q.title}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {window.open && userId && (
            <FileButton onChange={setFile} accept="image/png,image/jpeg,image/webp,application/pdf">
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconPaperclip size={14} />}>
                  {M.attach}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        <Button
          size="sm"
          leftSection={<IconSend size={16} />}
          loading={reply.isPending || uploading}
          disabled={fileBlocked || (!text.trim() && !file)}
          onClick={() => void send()}
        >
          {window.open ? M.send : M.sendTemplate}
        </Button>
      </Group>
    </Stack>
  );
}
