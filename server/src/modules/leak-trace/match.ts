/** What a trace read from a suspect against the upload it matched, images and videos alike. */
export type Match = {
  uploadId: string;
  /** The stored size (an image's variant, a video's rung) the served copy was made from. */
  variant: string;
  bitsAgreeing: number;
  bitsTotal: number;
  falseMatchProbability: number;
  /** Perceptual-hash bits from the upload (images; null for videos, matched by duration). */
  hashDistance: number | null;
  /** The mark's serial when the reading is confident enough to name its recipient. */
  serial: number | undefined;
};
