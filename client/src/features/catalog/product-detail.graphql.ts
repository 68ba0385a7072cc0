import { graphql } from '../../gql';

export const ProductDetailDocument = graphql(`
  query ProductDetail($id: ID!) {
    product(id: $id) {
      id
      slug
      name
      description
      price
      collections
      soldOut
      category {
        slug
        name
      }
      sizes {
        id
        label
        stock
        available
      }
      images {
        url
        alt
        width
        height
      }
      sizeChart {
        size
        cuelloCm
        pechoCm
        largoCm
      }
    }
  }
`);
