// The admin dialogs' buttons and confirmation now live with the other form dialog pieces.
export { ConfirmDialog, DialogActions } from '../../../components/forms/FormDialog';
