/** The catalogue's components that other features compose: the product list (chat mode's brand pages). */
export { default as ProductList } from './ProductList.tsx';
