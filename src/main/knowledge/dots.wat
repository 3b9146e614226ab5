;; Dot products of one query vector with every row of a matrix, four lanes at a time (WebAssembly SIMD), for the
;; vector half of hybrid retrieval. Layout in memory (byte offsets, 16-aligned): the query at $q, `n` rows of `dims`
;; floats each at $m (dims a multiple of 4, rows padded with zeros), and `n` scores written at $out.
(module
  (memory (export "memory") 1)
  (func (export "dots") (param $q i32) (param $m i32) (param $n i32) (param $dims i32) (param $out i32)
    (local $r i32) (local $d i32) (local $row i32) (local $bytes i32) (local $a v128) (local $b v128)
    (local.set $bytes (i32.shl (local.get $dims) (i32.const 2)))
    (local.set $row (local.get $m))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $n)))
        (local.set $a (v128.const f32x4 0 0 0 0))
        (local.set $b (v128.const f32x4 0 0 0 0))
        (local.set $d (i32.const 0))
        ;; Two accumulators, so one multiply-add need not wait for the last.
        (block $end
          (loop $cols
            (br_if $end (i32.ge_u (local.get $d) (local.get $bytes)))
            (local.set $a
              (f32x4.add (local.get $a)
                (f32x4.mul (v128.load (i32.add (local.get $q) (local.get $d)))
                           (v128.load (i32.add (local.get $row) (local.get $d))))))
            (local.set $d (i32.add (local.get $d) (i32.const 16)))
            (br_if $end (i32.ge_u (local.get $d) (local.get $bytes)))
            (local.set $b
              (f32x4.add (local.get $b)
                (f32x4.mul (v128.load (i32.add (local.get $q) (local.get $d)))
                           (v128.load (i32.add (local.get $row) (local.get $d))))))
            (local.set $d (i32.add (local.get $d) (i32.const 16)))
            (br $cols)))
        (local.set $a (f32x4.add (local.get $a) (local.get $b)))
        (f32.store
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $a)) (f32x4.extract_lane 1 (local.get $a)))
            (f32.add (f32x4.extract_lane 2 (local.get $a)) (f32x4.extract_lane 3 (local.get $a)))))
        (local.set $row (i32.add (local.get $row) (local.get $bytes)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows)))))
