/** A normal distribution of ln(duration in seconds), i.e. a log-normal duration. */
export interface Gaussian {
  mean: number;
  sd: number;
}
