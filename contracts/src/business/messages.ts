/** back-office.md §5 and §8, word for word where the spec gives the Hebrew. */
export const BusinessMessages = {
  required: 'שדה חובה',
  announcementNameRequired: 'חובה להזין שם להכרזה',
  announcementContentRequired: 'חובה להזין תוכן להכרזה',
  announcementContentTooLong: 'יש להזין לכל היותר 90 תווים',
  /** An announcement id that is not one of this pharmacy's. */
  announcementNotFound: 'ההכרזה לא נמצאה',
  startDateRequired: 'יש לבחור תאריך התחלה',
  endDateRequired: 'יש לבחור תאריך סיום',
  discountNameRequired: 'חובה להזין שם הנחה',
  couponCodeRequired: 'חובה להזין קוד קופון',
  couponCodeInvalid: 'יש להזין קוד קופון באותיות אנגליות ומספרים',
  discountAmountRequired: 'חובה להזין כמות הנחה',
  discountPriceRequired: 'חובה להזין מחיר',
  amountTooSmall: 'יש להזין מספר גדול מ-0',
  priceRequired: 'חובה להזין מחיר',
  priceInvalid: 'יש להזין מחיר תקין',
  stockRequired: 'חובה להזין כמות מלאי',
  shipmentNameRequired: 'חובה להזין שם משלוח',
  /** A shipment id the pharmacy does not have. */
  shipmentNotFound: 'המשלוח לא נמצא',
  confirmDelete: 'בטוח שברצונך למחוק?',
  confirmBump: 'האם ברצונך להקפיץ את המוצר?',
  unsavedChanges: 'שים לב! השינויים עדין לא נשמרו. האם הינך בטוח שתרצה לצאת?',
  /** §8 order status autosave. */
  statusSaving: 'השינויים נשמרים',
  statusSaved: 'השינויים נשמרו בהצלחה',
  statusSaveFailed: 'אירעה שגיאה בשמירת השינויים',
  /** A date pair whose end is before its start (the pickers prevent it; the services refuse it). */
  endBeforeStart: 'תאריך הסיום חייב להיות אחרי תאריך ההתחלה',
  /** A coupon or discount code another discount already uses (codes are unique across pharmacies). */
  codeTaken: 'קוד זה כבר קיים',
  /** A product the pharmacy already offers, offered again from the catalogue picker. */
  productAlreadyOffered: 'המוצר כבר קיים בבית המרקחת',
  /** Price 0 (the catalogue price) for a product the catalogue gives no price. */
  catalogPriceMissing: 'למוצר זה אין מחיר בקטלוג, יש להזין מחיר',
  /** A field the partner's stock feed sets (isYarpaLocked) changed by hand. */
  partnerLocked: 'שדה זה מתעדכן אוטומטית ואינו ניתן לעריכה',
  /** An order in a final status (complete, canceled, closed). */
  orderLocked: 'לא ניתן לשנות את סטטוס ההזמנה',
} as const;
