/** Where `npm start` keeps the bundle (ignored by git; rebuilt whenever a source it holds changes). */
export declare const START_BUNDLE_DIR: string;
/** The bundle's entry, in START_BUNDLE_DIR. */
export declare const START_BUNDLE_ENTRY: string;
/** The list of what the bundle was built from and when (`{ builtAt, files }`), in START_BUNDLE_DIR. */
export declare const START_BUNDLE_INPUTS: string;
/** The bundle's entry when it was built from the files as they are now; null when missing or older than one of them. */
export declare const freshStartBundle: () => string | null;
