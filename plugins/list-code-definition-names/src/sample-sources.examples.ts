/** Real source files in every supported language, for the tests (not part of the build). */
export const SAMPLE_SOURCES: Record<string, string> = {
  "Sample.cs": `using System;

namespace Demo
{
    public interface IShape
    {
        double Area();
    }

    public class Square : IShape
    {
        public double Side { get; set; }

        public double Area()
        {
            return Side * Side;
        }
    }

    public struct Vec { public int X; }

    public enum Kind { A, B }

    public record Person(string Name);
}
`,
  "Sample.java": `package demo;

import java.util.List;

public class Sample {
    private int count;

    public Sample(int count) {
        this.count = count;
    }

    public int getCount() {
        return count;
    }

    interface Listener {
        void onEvent(String name);
    }

    enum Level { LOW, HIGH }
}

record Pair(int a, int b) {}
`,
  "sample.c": `#include <stdio.h>

#define MAX 10

struct point {
    int x;
    int y;
};

typedef struct {
    int w;
} size_t2;

enum color { RED, GREEN };

static int add(int a, int b) {
    return a + b;
}

int main(void) {
    printf("%d\\n", add(1, 2));
    return 0;
}
`,
  "sample.cpp": `#include <string>

namespace app {

class Widget {
public:
    Widget(int size);
    int size() const { return size_; }
private:
    int size_;
};

struct Config {
    std::string name;
};

template <typename T>
T maximum(T a, T b) {
    return a > b ? a : b;
}

}  // namespace app

int app::Widget::compute() {
    return 1;
}

int main() {
    return app::maximum(1, 2);
}
`,
  "sample.go": `package main

import "fmt"

type Server struct {
	Addr string
}

type Handler interface {
	Serve() error
}

type ID int

func (s *Server) Serve() error {
	return nil
}

func NewServer(addr string) *Server {
	return &Server{Addr: addr}
}

func main() {
	fmt.Println(NewServer(":80"))
}
`,
  "sample.h": `#ifndef SAMPLE_H
#define SAMPLE_H

struct node {
    struct node *next;
};

int count_nodes(struct node *head);

#endif
`,
  "sample.hpp": `#pragma once
class Engine {
public:
    void start();
};
`,
  "sample.js": `const path = require('path');

class Greeter {
  constructor(name) {
    this.name = name;
  }

  greet() {
    return \`hello \${this.name}\`;
  }
}

function add(a, b) {
  return a + b;
}

const multiply = (a, b) => a * b;

const handler = function (event) {
  return event;
};

module.exports = { Greeter, add, multiply, handler };
`,
  "sample.jsx": `const path = require('path');

class Greeter {
  constructor(name) {
    this.name = name;
  }

  greet() {
    return \`hello \${this.name}\`;
  }
}

function add(a, b) {
  return a + b;
}

const multiply = (a, b) => a * b;

const handler = function (event) {
  return event;
};

module.exports = { Greeter, add, multiply, handler };
`,
  "sample.kt": `package demo

interface Repository {
    fun find(id: Int): String?
}

class UserRepository : Repository {
    override fun find(id: Int): String? = null
}

data class User(val name: String)

object Registry {
    fun register() {}
}

enum class Role { ADMIN, USER }

fun main() {
    println("hi")
}
`,
  "sample.php": `<?php

namespace App;

interface Greets
{
    public function greet(): string;
}

trait Loud
{
    public function shout() {}
}

class Greeter implements Greets
{
    public function greet(): string
    {
        return "hi";
    }
}

function helper($x)
{
    return $x;
}
`,
  "sample.py": `import os


class Animal:
    """An animal."""

    def __init__(self, name):
        self.name = name

    def speak(self):
        return "..."


@dataclass
class Dog(Animal):
    def speak(self):
        return "woof"


def main():
    print(Dog("rex").speak())


async def fetch(url):
    return url

LIMIT = 3
`,
  "sample.rb": `require 'json'

module Shop
  class Cart
    def initialize
      @items = []
    end

    def add(item)
      @items << item
    end

    def self.empty
      new
    end
  end
end

def total(cart)
  cart.items.sum
end
`,
  "sample.rs": `use std::fmt;

pub struct Point {
    x: i32,
    y: i32,
}

pub enum Shape {
    Circle(f64),
    Square(f64),
}

pub trait Area {
    fn area(&self) -> f64;
}

impl Area for Shape {
    fn area(&self) -> f64 {
        match self {
            Shape::Circle(r) => 3.14 * r * r,
            Shape::Square(s) => s * s,
        }
    }
}

mod geometry {
    pub fn origin() -> (i32, i32) {
        (0, 0)
    }
}

type Pair = (i32, i32);

macro_rules! square {
    ($x:expr) => {
        $x * $x
    };
}

pub fn main() {
    println!("{}", square!(2));
}
`,
  "sample.swift": `import Foundation

protocol Drawable {
    func draw()
}

class View: Drawable {
    var frame: Int = 0

    init(frame: Int) {
        self.frame = frame
    }

    func draw() {
        print("draw")
    }
}

struct Point {
    var x: Int
}

enum Direction {
    case north
}

extension Point {
    func moved() -> Point { return self }
}

func helper() -> Int {
    return 1
}
`,
  "sample.ts": `import { readFile } from 'node:fs/promises';

export interface Shape {
  area(): number;
}

export type Point = { x: number; y: number };

export enum Color {
  Red,
  Green,
}

export abstract class Circle implements Shape {
  constructor(private radius: number) {}

  area(): number {
    return Math.PI * this.radius ** 2;
  }

  abstract name(): string;
}

export function load(path: string): Promise<string> {
  return readFile(path, 'utf8');
}

export const double = (n: number): number => n * 2;

namespace Geometry {
  export const origin = 0;
}

declare module 'virtual' {
  export function hi(): void;
}
const limit = 10;
`,
  "sample.tsx": `import React from 'react';

interface Props {
  title: string;
}

export function Header({ title }: Props) {
  return <h1>{title}</h1>;
}

export const Footer = () => <footer />;

export default class Page extends React.Component<Props> {
  render() {
    return <div />;
  }
}
`,
};
