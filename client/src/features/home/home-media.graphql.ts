import { graphql } from '../../gql';

export const HomeMediaDocument = graphql(`
  query HomeMedia {
    homeMedia {
      desktopBanners {
        ...HomeImage
      }
      mobileBanners {
        ...HomeImage
      }
      promoVideoUrl
      promoVideoPoster {
        ...HomeImage
      }
      tiles {
        categorySlug
        image {
          ...HomeImage
        }
      }
      backpackBanner {
        ...HomeImage
      }
      chestHarnessPromo {
        ...HomeImage
      }
      denimStory {
        ...HomeImage
      }
      logo {
        ...HomeImage
      }
    }
  }
  fragment HomeImage on Image {
    url
    alt
    width
    height
  }
`);
