// What the WhatsApp desk reads in a message (docs/product/whatsapp-desk.md#what-it-answers):
// its words without accents or case, never a guess between two answers.
import { describe, expect, it } from 'vitest';
import { DESK_BUTTONS, deskIntentOfReply, deskIntentOfText, foldDeskText } from './whatsapp-desk';

describe('the desk’s words', () => {
  it('reads each answer’s words whatever their accents, case and punctuation', () => {
    expect(foldDeskText('  ¿CUÁNTO   Debo?? ')).toBe('cuanto debo');
    expect(deskIntentOfText('¿CUÁNTO DEBO?')).toBe('debt');
    expect(deskIntentOfText('cuanto debo')).toBe('debt');
    expect(deskIntentOfText('Mis Paquetes')).toBe('packages');
    expect(deskIntentOfText('¿dónde están mis envíos?')).toBe('packages');
    expect(deskIntentOfText('Quiero HABLAR con alguien, por favor')).toBe('agent');
  });

  it('answers nothing for words it does not know, or for words of two answers', () => {
    expect(deskIntentOfText('Hola, buenas tardes')).toBeNull();
    expect(deskIntentOfText('mis paquetes y cuánto debo')).toBeNull();
    // Whole words only: "paquetería" is not "paquete".
    expect(deskIntentOfText('paquetería')).toBeNull();
  });

  it('reads a tapped button by its id, and a quick reply by its text', () => {
    expect(deskIntentOfReply(DESK_BUTTONS.debt.id)).toBe('debt');
    expect(deskIntentOfReply(DESK_BUTTONS.packages.id)).toBe('packages');
    expect(deskIntentOfReply('Hablar con alguien')).toBe('agent');
    expect(deskIntentOfReply('desk:otra-cosa')).toBeNull();
  });
});
