// Minimal types for the parts of jStat 1.9.6 we use (the package ships none).
declare module 'jstat' {
  interface JStat {
    /** Regularised incomplete beta function I_x(a, b). */
    ibeta(x: number, a: number, b: number): number;
    normal: {
      cdf(x: number, mean: number, sd: number): number;
      inv(p: number, mean: number, sd: number): number;
    };
  }
  const jStat: JStat;
  export default jStat;
}
