import { parseAddressQuery } from '@mc/contracts';
import { streetCitySplits } from './gazetteer.provider';
import { suggestionFromPrediction } from './google-places.provider';

describe('streetCitySplits', () => {
  it('takes street and city as parsed when the text told them apart', () => {
    expect(streetCitySplits(parseAddressQuery('הרצל 12, תל אביב'))).toEqual([{ street: ['הרצל'], city: ['תל', 'אביב'] }]);
  });

  it('tries every cut of the words, either way round, when it did not', () => {
    expect(streetCitySplits(parseAddressQuery('בן יהודה חיפה'))).toEqual([
      { street: ['בנ', 'יהודה', 'חיפה'], city: [] },
      { street: ['בנ'], city: ['יהודה', 'חיפה'] },
      { street: ['יהודה', 'חיפה'], city: ['בנ'] },
      { street: ['בנ', 'יהודה'], city: ['חיפה'] },
      { street: ['חיפה'], city: ['בנ', 'יהודה'] },
    ]);
  });
});

describe('suggestionFromPrediction', () => {
  const prediction = (main: string, secondary?: string) => ({ structuredFormat: { mainText: { text: main }, secondaryText: secondary ? { text: secondary } : undefined } });

  it('reads street and number from the main text and the city from the secondary text', () => {
    expect(suggestionFromPrediction(prediction('הרצל 12', 'תל אביב-יפו, ישראל'), parseAddressQuery('הרצל'))).toEqual({
      address: 'הרצל 12, תל אביב-יפו', text: 'הרצל 12, תל אביב-יפו', street: 'הרצל', houseNumber: '12', city: 'תל אביב-יפו',
    });
  });

  it('keeps the typed number for a street without one, and none when nothing has one', () => {
    expect(suggestionFromPrediction(prediction('הרצל', 'חיפה, ישראל'), parseAddressQuery('הרצל 4'))).toMatchObject({ houseNumber: '4', address: 'הרצל 4, חיפה' });
    expect(suggestionFromPrediction(prediction('הרצל', 'חיפה, ישראל'), parseAddressQuery('הרצל'))).toEqual({
      address: 'הרצל, חיפה', text: 'הרצל, חיפה', street: 'הרצל', city: 'חיפה',
    });
  });

  it('leaves out what the Hebrew address form would refuse, or what lacks a city', () => {
    expect(suggestionFromPrediction(prediction('Herzl St 12', 'Tel Aviv-Yafo, Israel'), parseAddressQuery('herzl'))).toBeUndefined();
    expect(suggestionFromPrediction(prediction('הרצל 12'), parseAddressQuery('הרצל'))).toBeUndefined();
    expect(suggestionFromPrediction({}, parseAddressQuery('הרצל'))).toBeUndefined();
  });
});
