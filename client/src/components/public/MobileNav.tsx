// The phone menu: a right-hand drawer with the header's items. Loaded on the first tap of the
// burger, so its code (drawer, focus trap, scroll lock) is not in the initial JavaScript.
import { Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { IconHelpCircle, IconHome, IconTruckDelivery } from '@tabler/icons-react';
import { NavLinkLink } from '../links';
import { AuthActions } from './AuthActions';
import { SERVICE_ITEMS } from './nav-items';

export default function MobileNav({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title="Menú"
      closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
    >
      <Stack gap={4} component="nav" aria-label="Navegación móvil">
        <NavLinkLink
          to="/"
          label="Inicio"
          leftSection={<IconHome size={18} />}
          activeOptions={{ exact: true }}
          onClick={onClose}
        />
        <NavLink label="Servicios" leftSection={<IconTruckDelivery size={18} />} defaultOpened>
          {SERVICE_ITEMS.map((item) => (
            <NavLinkLink
              key={item.to}
              to={item.to}
              label={item.label}
              leftSection={<item.icon size={16} />}
              onClick={onClose}
            />
          ))}
        </NavLink>
        <NavLinkLink
          to="/contacto"
          label="Preguntas Frecuentes"
          leftSection={<IconHelpCircle size={18} />}
          onClick={onClose}
        />
        <Divider my="sm" />
        <AuthActions vertical />
      </Stack>
    </Drawer>
  );
}
