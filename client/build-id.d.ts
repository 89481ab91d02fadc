/** The id scripts/build.ts gave this bundle ('dev' under the development server). */
declare const __KHANEH_BUILD_ID__: string
