// Domain rules the mutation run (npm run test:mutation) showed untested: line totals, the lines a change must
// leave alone, the structs' accept/reject edges, the error classes and every text of docs/requirements.md spelled out.
// Expected values are written by hand here (no faker, no value read back from the code under test).
import { describe, expect, it } from 'vitest';
import { is, validate } from 'superstruct';
import {
  addProduct,
  CartItemStruct,
  CartStruct,
  cartCount,
  cartTotal,
  CategoryStruct,
  ClubError,
  findProduct,
  decreaseQuantity,
  hasErrors,
  increaseQuantity,
  isValidEmail,
  lineTotal,
  LoginFormStruct,
  MalformedDocumentError,
  messages,
  Price,
  ProductStruct,
  removeProduct,
  SignUpFormStruct,
  splitDisplayName,
  UserProfileStruct,
  validateLogin,
  validateSignUp,
  type CartItem,
  type Category,
  type Product,
} from '../../src/domain';

const jacket: Product = { id: 'jaqueta', name: 'Jaqueta Jeans', imageUrl: '/images/jaqueta.webp', price: 89.9 };
const cap: Product = { id: 'bone', name: 'Boné', imageUrl: '/images/bone.webp', price: 0.1 };
const boot: Product = { id: 'bota', name: 'Bota', imageUrl: '/images/bota.webp', price: 250 };
const line = (product: Product, quantity: number): CartItem => ({ ...product, quantity });

describe('cart arithmetic: the lines a change does not touch', () => {
  const cart = Object.freeze([line(jacket, 2), line(cap, 3), line(boot, 1)]);

  it('lineTotal is price × quantity in whole centavos', () => {
    expect(lineTotal(line(cap, 3))).toBe(0.3); // 3 × 0,10, not 0.30000000000000004
    expect(lineTotal(line(jacket, 2))).toBe(179.8);
    expect(lineTotal(line(boot, 1))).toBe(250);
  });

  it('cartTotal and cartCount add every line', () => {
    expect(cartTotal(cart)).toBe(179.8 + 0.3 + 250);
    expect(cartCount(cart)).toBe(6);
    expect(cartCount([])).toBe(0);
  });

  it('removeProduct drops only that line and keeps the order of the rest', () => {
    expect(removeProduct(cart, 'bone')).toEqual([line(jacket, 2), line(boot, 1)]);
    expect(removeProduct(cart, 'nada')).toEqual([line(jacket, 2), line(cap, 3), line(boot, 1)]);
  });

  it('increaseQuantity raises only that line by one', () => {
    expect(increaseQuantity(cart, 'bone')).toEqual([line(jacket, 2), line(cap, 4), line(boot, 1)]);
    expect(increaseQuantity(cart, 'nada')).toEqual([line(jacket, 2), line(cap, 3), line(boot, 1)]);
  });

  it('decreaseQuantity lowers only that line by one, and removes only a line at 1', () => {
    expect(decreaseQuantity(cart, 'bone')).toEqual([line(jacket, 2), line(cap, 2), line(boot, 1)]);
    expect(decreaseQuantity(cart, 'bota')).toEqual([line(jacket, 2), line(cap, 3)]);
    expect(decreaseQuantity(cart, 'nada')).toEqual([line(jacket, 2), line(cap, 3), line(boot, 1)]);
  });

  it('addProduct appends a new product after the existing lines, or raises its own line', () => {
    expect(addProduct(cart, { ...cap })).toEqual([line(jacket, 2), line(cap, 4), line(boot, 1)]);
    const hat: Product = { id: 'chapeu', name: 'Chapéu', imageUrl: '/images/chapeu.webp', price: 39.9 };
    expect(addProduct(cart, hat)).toEqual([line(jacket, 2), line(cap, 3), line(boot, 1), line(hat, 1)]);
  });
});

describe('Price: reais, non-negative, at most two decimals', () => {
  it.each([0, 0.1, 19.99, 89.9, 250, 1234.56])('accepts %d', (price) => expect(is(price, Price)).toBe(true));

  it.each([-0.01, 1.234, 0.001, Number.NaN, Number.POSITIVE_INFINITY, '10'])('rejects %s', (price) =>
    expect(is(price, Price)).toBe(false),
  );

  it('says why a price with three decimals is refused', () => {
    const [error] = validate(1.234, Price);
    expect(error?.message).toBe('price must be a finite amount in reais with at most two decimals');
  });
});

describe('structs: accept the documented shape, reject a missing field', () => {
  const category = {
    id: 'jaquetas',
    name: 'jaquetas',
    displayName: 'Jaquetas',
    imageUrl: '/images/jaquetas.webp',
    products: [jacket, boot],
  };
  const profile = { id: 'uid-1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Souza', provider: 'firebase' };

  it('a product', () => {
    expect(is(jacket, ProductStruct)).toBe(true);
    expect(is({ ...jacket, id: '' }, ProductStruct)).toBe(false);
    expect(is({ ...jacket, name: '' }, ProductStruct)).toBe(false);
    expect(is({ ...jacket, imageUrl: '' }, ProductStruct)).toBe(false);
  });

  it('a category', () => {
    expect(is(category, CategoryStruct)).toBe(true);
    expect(is({ ...category, products: [{ ...jacket, price: -1 }] }, CategoryStruct)).toBe(false);
    expect(is({ ...category, displayName: '' }, CategoryStruct)).toBe(false);
  });

  it('a cart line: quantity a whole number from 1 to 99', () => {
    expect(is(line(jacket, 1), CartItemStruct)).toBe(true);
    expect(is(line(jacket, 99), CartItemStruct)).toBe(true);
    expect(is(line(jacket, 0), CartItemStruct)).toBe(false);
    expect(is(line(jacket, 100), CartItemStruct)).toBe(false);
    expect(is(line(jacket, 1.5), CartItemStruct)).toBe(false);
    expect(is(jacket, CartItemStruct)).toBe(false);
  });

  it('a cart: at most 100 lines', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => line({ ...jacket, id: `p${i}` }, 1));
    expect(is([], CartStruct)).toBe(true);
    expect(is(lines(100), CartStruct)).toBe(true);
    expect(is(lines(101), CartStruct)).toBe(false);
  });

  it('a user profile: provider is firebase or google', () => {
    expect(is(profile, UserProfileStruct)).toBe(true);
    expect(is({ ...profile, provider: 'google' }, UserProfileStruct)).toBe(true);
    expect(is({ ...profile, provider: 'github' }, UserProfileStruct)).toBe(false);
    expect(is({ ...profile, id: '' }, UserProfileStruct)).toBe(false);
  });
});

describe('errors', () => {
  it('ClubError keeps code, message and cause, is named after its class, and survives JSON', () => {
    const cause = new Error('underneath');
    const error = new ClubError('shop/broken', 'Quebrou', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ClubError');
    expect(error.message).toBe('Quebrou');
    expect(error.cause).toBe(cause);
    expect(JSON.parse(JSON.stringify(error))).toEqual({ code: 'shop/broken', name: 'ClubError' });
  });

  it('MalformedDocumentError names the collection, the document and what is wrong', () => {
    const error = new MalformedDocumentError('categories', 'jaquetas', 'price: Expected a number');
    expect(error).toBeInstanceOf(ClubError);
    expect(error.name).toBe('MalformedDocumentError');
    expect(error.code).toBe('document/malformed');
    expect(error.documentId).toBe('jaquetas');
    expect(error.message).toBe('Malformed categories document "jaquetas": price: Expected a number');
  });
});

describe('forms', () => {
  it('every text of docs/requirements.md#validation, exactly', () => {
    expect(messages).toEqual({
      login: {
        emailRequired: 'O e-mail é obrigatório.',
        emailInvalid: 'Por favor, insira um e-mail válido.',
        passwordRequired: 'A senha é obrigatória.',
        wrongPassword: 'A senha é inválida.',
        userNotFound: 'O e-mail não foi encontrado.',
      },
      signUp: {
        firstNameRequired: 'O campo nome é obrigatório',
        lastNameRequired: 'O campo sobrenome é obrigatório',
        emailRequired: 'O campo e-mail é obrigatório',
        passwordTooShort: 'A senha precisa ter pelo menos 6 caracteres.',
        confirmationRequired: 'O campo confirmação de senha é obrigatório',
        confirmationTooShort: 'A confirmação de senha precisa ter pelo menos 6 caracteres.',
        confirmationMismatch: 'A confirmação de senha precisa ser igual a senha',
        emailInUse: 'Este e-mail já está sendo utilizado.',
      },
    });
  });

  it.each(['ana@example.com', 'a@b.co', '  ana@example.com  ', 'ana.souza+loja@mail.example.com.br'])(
    'a valid e-mail: %j',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    'ana@example',
    '@example.com',
    'ana@.com',
    'ana@example.',
    'ana@@example.com',
    'ana souza@example.com',
    'ana@exa mple.com',
    'ana@example.c m',
    'ana@example.com extra',
    'x ana@example.com',
    '',
  ])('not an e-mail: %j', (email) => expect(isValidEmail(email)).toBe(false));

  it('login accepts an e-mail with spaces around it', () => {
    expect(validateLogin({ email: '  ana@example.com ', password: 'segredo' })).toEqual({});
  });

  it('sign-up treats a blank first name or e-mail as missing', () => {
    const form = {
      firstName: ' ',
      lastName: 'Souza',
      email: '  ',
      password: 'segredo',
      passwordConfirmation: 'segredo',
    };
    expect(validateSignUp(form)).toEqual({
      firstName: 'O campo nome é obrigatório',
      email: 'O campo e-mail é obrigatório',
    });
  });

  it('hasErrors: true when any field has a message', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ email: undefined, password: undefined })).toBe(false);
    expect(hasErrors({ email: 'O e-mail é obrigatório.', password: undefined })).toBe(true);
    expect(hasErrors({ email: undefined, password: 'A senha é obrigatória.' })).toBe(true);
  });
});

describe('splitDisplayName, more inputs', () => {
  it.each([
    [undefined, { firstName: '', lastName: '' }],
    ['   ', { firstName: '', lastName: '' }],
    ['  Ana\tMaria Souza ', { firstName: 'Ana', lastName: 'Maria Souza' }],
  ])('%j', (displayName, expected) => expect(splitDisplayName(displayName)).toEqual(expected));
});

describe('findProduct: a product through its category', () => {
  const products = (prefix: string, count: number): Product[] =>
    Array.from({ length: count }, (_, i) => ({
      id: `${prefix}-${i + 1}`,
      name: `${prefix} ${i + 1}`,
      imageUrl: `/images/${prefix}-${i + 1}.webp`,
      price: 10,
    }));
  const calcados: Category = {
    id: 'calcados',
    name: 'shoes',
    displayName: 'Calçados',
    imageUrl: '/images/calcados.webp',
    products: [boot, ...products('tenis', 5)],
  };
  const promocoes: Category = {
    id: 'promocoes',
    name: 'sale',
    displayName: 'Promoções',
    imageUrl: '/images/promocoes.webp',
    products: [cap, boot],
  };
  const bones: Category = {
    id: 'bones',
    name: 'hats',
    displayName: 'Bonés',
    imageUrl: '/images/bones.webp',
    products: [cap],
  };

  it('answers the product, its category and up to four others of it, in catalog order', () => {
    const [tenis1, tenis2, tenis3, tenis4] = products('tenis', 4);
    // Calçados lists bota, tenis-1 … tenis-5: the four others of tenis-3 are bota, tenis-1, tenis-2, tenis-4.
    expect(findProduct([bones, calcados], 'tenis-3')).toEqual({
      product: tenis3,
      category: calcados,
      related: [boot, tenis1, tenis2, tenis4],
    });
  });

  it('the first category listing the id wins; a category with fewer others gives fewer', () => {
    expect(findProduct([promocoes, calcados], 'bota')).toEqual({ product: boot, category: promocoes, related: [cap] });
    expect(findProduct([bones], 'bone')).toEqual({ product: cap, category: bones, related: [] });
  });

  it('an unknown id, or no categories, finds nothing', () => {
    expect(findProduct([bones, calcados], 'jaqueta')).toBeNull();
    expect(findProduct([], 'bota')).toBeNull();
  });
});

describe('struct names and the form structs', () => {
  it('a price with centavos fractions fails the refinement named Price', () => {
    const [error] = validate(89.999, Price);
    expect(error?.refinement).toBe('Price');
    expect(error?.message).toBe('price must be a finite amount in reais with at most two decimals');
  });

  it('LoginFormStruct and SignUpFormStruct take the forms and nothing else', () => {
    expect(is({ email: 'ana@example.com', password: 'segredo' }, LoginFormStruct)).toBe(true);
    expect(is({ email: 'ana@example.com' }, LoginFormStruct)).toBe(false);
    const signUp = {
      firstName: 'Ana',
      lastName: 'Souza',
      email: 'ana@example.com',
      password: 'segredo',
      passwordConfirmation: 'segredo',
    };
    expect(is(signUp, SignUpFormStruct)).toBe(true);
    expect(is({ ...signUp, passwordConfirmation: undefined }, SignUpFormStruct)).toBe(false);
    expect(is({ ...signUp, firstName: 1 }, SignUpFormStruct)).toBe(false);
  });
});
