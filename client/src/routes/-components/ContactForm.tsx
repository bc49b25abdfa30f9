import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGES, contactInput, PHONE_MAX, PROFILE_TEXT_MAX } from '@casillero/shared';
import { getErrorMessage, getFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { GrowingTextarea } from '../../components/forms/fields';
import { EmailField } from '../../components/forms/FormParts';

const FIELDS = ['nombre', 'email', 'telefono', 'asunto', 'mensaje'] as const;
const initialValues = { nombre: '', email: '', telefono: '', asunto: '', mensaje: '' };

/** The contact form: stored and e-mailed to the team by `contact.send`. */
export function ContactForm() {
  const send = useMutation(trpc.contact.send.mutationOptions());
  const form = useForm({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(contactInput, { sync: true }),
  });

  const handleSubmit = form.onSubmit(
    async (values) => {
      try {
        const result = await send.mutateAsync(values);
        notifications.show({ color: 'green', title: result.title, message: result.message });
        form.reset();
      } catch (error) {
        const fieldErrors = getFieldErrors(error);
        for (const field of FIELDS) if (fieldErrors[field]) form.setFieldError(field, fieldErrors[field]);
        notifications.show({
          color: 'red',
          title: 'Error',
          message: getErrorMessage(error, CONTACT_MESSAGES.sendFailed),
        });
      }
    },
    (errors) => {
      const missingRequired = ['nombre', 'email', 'mensaje'].some(
        (f) => !String(form.values[f as keyof typeof initialValues]).trim(),
      );
      notifications.show({
        color: 'red',
        title: 'Error',
        message: missingRequired
          ? CONTACT_MESSAGES.requiredFields
          : String(Object.values(errors)[0] ?? CONTACT_MESSAGES.requiredFields),
      });
    },
  );

  return (
    <form onSubmit={handleSubmit} noValidate method="dialog" aria-label="Formulario de contacto">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Nombre"
            placeholder="Tu nombre"
            autoComplete="name"
            required
            maxLength={PROFILE_TEXT_MAX}
            {...form.getInputProps('nombre')}
          />
          <EmailField maxLength={PROFILE_TEXT_MAX} {...form.getInputProps('email')} />
          <TextInput
            type="tel"
            label="Teléfono"
            placeholder="+58 412 000 0000"
            autoComplete="tel"
            maxLength={PHONE_MAX}
            {...form.getInputProps('telefono')}
          />
          <TextInput
            label="Asunto"
            placeholder="¿Sobre qué nos escribes?"
            maxLength={PROFILE_TEXT_MAX}
            {...form.getInputProps('asunto')}
          />
        </SimpleGrid>
        <GrowingTextarea
          label="Mensaje"
          placeholder="Cuéntanos en qué podemos ayudarte"
          required
          minRows={4}
          maxRows={10}
          maxLength={CONTACT_MESSAGE_MAX}
          {...form.getInputProps('mensaje')}
        />
        <Button type="submit" size="md" leftSection={<IconSend size={18} />} disabled={form.submitting}>
          {form.submitting ? 'Enviando...' : 'Enviar mensaje'}
        </Button>
      </Stack>
    </form>
  );
}
